// es-MX must have the same shape (checked by its type).

export const reviewPageEn = {
  title: 'Reviews',
};

export const reviewPageEsMX: typeof reviewPageEn = {
  title: 'Reseñas',
};

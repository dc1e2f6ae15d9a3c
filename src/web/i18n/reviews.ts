// es-MX must have the same shape (checked by its type).

export const reviewsEn = {
  title: 'Reviews',
};

export const reviewsEsMX: typeof reviewsEn = {
  title: 'Reseñas',
};

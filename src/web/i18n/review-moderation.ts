// es-MX must have the same shape (checked by its type).

export const reviewModerationEn = {
  title: 'Reviews',
};

export const reviewModerationEsMX: typeof reviewModerationEn = {
  title: 'Reseñas',
};

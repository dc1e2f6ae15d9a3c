-- Custom SQL migration file, put your code below! --
-- Issue 28 (decision 037): a booked_by_contact score written before 0009 encodes how often one contact
-- booked a vendor. They are dropped; the next upload computes the count band afresh.
DELETE FROM "recommendations" WHERE "recommendation_type" = 'booked_by_contact';

-- Decision 097: a vendor may take requests that fit the calendar as confirmed at once, the customer
-- paying at booking time. Off for every vendor until they turn it on.
ALTER TABLE "vendor_profiles" ADD COLUMN "instant_booking" boolean DEFAULT false NOT NULL;

CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone_e164");--> statement-breakpoint
CREATE INDEX "profiles_phone_idx" ON "profiles" USING btree ("phone");
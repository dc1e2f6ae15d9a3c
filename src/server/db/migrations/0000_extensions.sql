-- Custom SQL migration file, put your code below! --
-- Extensions first: citext columns and the trigram and gist indexes of later migrations need them.
-- On PGlite they must also be passed at create time (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS citext;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;

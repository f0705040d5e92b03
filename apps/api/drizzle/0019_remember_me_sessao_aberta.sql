ALTER TABLE "remember_token" ADD COLUMN "sucessor" varchar(32);--> statement-breakpoint
ALTER TABLE "remember_token" ADD COLUMN "sessoes_abertas" varchar(64)[] DEFAULT '{}' NOT NULL;
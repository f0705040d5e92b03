ALTER TABLE "empresa" DROP COLUMN "logo";--> statement-breakpoint
ALTER TABLE "empresa" DROP COLUMN "logo_mime";
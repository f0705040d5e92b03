ALTER TABLE "senha_reset" ADD COLUMN "email_saida_id" integer;--> statement-breakpoint
ALTER TABLE "tentativa_login" ADD COLUMN "tipo" varchar(10) DEFAULT 'SENHA' NOT NULL;--> statement-breakpoint
ALTER TABLE "senha_reset" ADD CONSTRAINT "senha_reset_email_saida_id_email_saida_id_fk" FOREIGN KEY ("email_saida_id") REFERENCES "public"."email_saida"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "senha_reset_usuario_idx" ON "senha_reset" USING btree ("usuario_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "senha_reset_email_uq" ON "senha_reset" USING btree ("email_saida_id");--> statement-breakpoint
-- Reset links written to the outbox before this migration could be read by the system administrator (issue 12 §6):
-- they stop working, and the stored bodies keep the link redacted like every new one (decision 021).
UPDATE "senha_reset" SET "usado_em" = now() WHERE "usado_em" IS NULL;--> statement-breakpoint
UPDATE "email_saida" SET "corpo" = regexp_replace("corpo", '(/auth/alterar-senha\?token=)[^[:space:]]+', '\1[oculto]', 'g') WHERE "corpo" LIKE '%/auth/alterar-senha?token=%';

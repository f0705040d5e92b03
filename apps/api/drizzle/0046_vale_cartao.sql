ALTER TABLE "cartao" ALTER COLUMN "status" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "cartao" ALTER COLUMN "status" SET DEFAULT 'DISPONIVEL';--> statement-breakpoint
ALTER TABLE "vale_presente" ADD COLUMN "cartao_id" integer;--> statement-breakpoint
ALTER TABLE "vale_presente" ADD CONSTRAINT "vale_presente_cartao_id_cartao_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."cartao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vale_presente_cartao_uq" ON "vale_presente" USING btree ("empresa_id","cartao_id");--> statement-breakpoint
-- A card carrying a gift card has no customer, like an available one (decision 039 §10).
ALTER TABLE cartao DROP CONSTRAINT cartao_status_ck;--> statement-breakpoint
ALTER TABLE cartao ADD CONSTRAINT cartao_status_ck CHECK ((status IN ('DISPONIVEL', 'VALE_PRESENTE') AND cliente_id IS NULL) OR (status NOT IN ('DISPONIVEL', 'VALE_PRESENTE') AND cliente_id IS NOT NULL) OR status = 'BLOQUEADO');

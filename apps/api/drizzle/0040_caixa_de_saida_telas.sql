ALTER TABLE "mensagem_saida" ADD COLUMN "revisao" varchar(20);--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD COLUMN "revisada_por" integer;--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD COLUMN "revisada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD CONSTRAINT "mensagem_saida_revisada_por_usuario_id_fk" FOREIGN KEY ("revisada_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mensagem_saida_revisar_idx" ON "mensagem_saida" USING btree ("empresa_id","criado_em") WHERE "mensagem_saida"."status" = 'REVISAR';
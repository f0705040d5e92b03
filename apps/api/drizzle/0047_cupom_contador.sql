CREATE TABLE "cupom_desconto_contador" (
	"empresa_id" integer NOT NULL,
	"cupom_id" integer NOT NULL,
	"faixa" smallint NOT NULL,
	"usos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cupom_desconto_contador_cupom_id_faixa_pk" PRIMARY KEY("cupom_id","faixa")
);
--> statement-breakpoint
ALTER TABLE "cupom_desconto_contador" ADD CONSTRAINT "cupom_desconto_contador_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_desconto_contador" ADD CONSTRAINT "cupom_desconto_contador_cupom_id_cupom_desconto_id_fk" FOREIGN KEY ("cupom_id") REFERENCES "public"."cupom_desconto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE cupom_desconto_contador ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cupom_desconto_contador_tenant ON cupom_desconto_contador TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());

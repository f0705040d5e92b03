CREATE TABLE "resgate_parceiro" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"rede_credenciada_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"unidade" varchar(10) NOT NULL,
	"valor" bigint NOT NULL,
	"documento" varchar(60) NOT NULL,
	"observacao" varchar(200),
	"lancamento_id" integer NOT NULL,
	"estorno_lancamento_id" integer,
	"motivo_estorno" varchar(200),
	"usuario_id" integer,
	"token_api_id" integer,
	"estornado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"estornado_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "token_api" ADD COLUMN "rede_credenciada_id" integer;--> statement-breakpoint
ALTER TABLE "resgate_parceiro" ADD CONSTRAINT "resgate_parceiro_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resgate_parceiro" ADD CONSTRAINT "resgate_parceiro_rede_credenciada_id_rede_credenciada_id_fk" FOREIGN KEY ("rede_credenciada_id") REFERENCES "public"."rede_credenciada"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resgate_parceiro" ADD CONSTRAINT "resgate_parceiro_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resgate_parceiro" ADD CONSTRAINT "resgate_parceiro_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resgate_parceiro" ADD CONSTRAINT "resgate_parceiro_token_api_id_token_api_id_fk" FOREIGN KEY ("token_api_id") REFERENCES "public"."token_api"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resgate_parceiro" ADD CONSTRAINT "resgate_parceiro_estornado_por_usuario_id_fk" FOREIGN KEY ("estornado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resgate_parceiro_parceiro_idx" ON "resgate_parceiro" USING btree ("empresa_id","rede_credenciada_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "resgate_parceiro_documento_uq" ON "resgate_parceiro" USING btree ("empresa_id","rede_credenciada_id","documento") WHERE "resgate_parceiro"."estornado_em" is null;--> statement-breakpoint
ALTER TABLE "token_api" ADD CONSTRAINT "token_api_rede_credenciada_id_rede_credenciada_id_fk" FOREIGN KEY ("rede_credenciada_id") REFERENCES "public"."rede_credenciada"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE resgate_parceiro ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY resgate_parceiro_tenant ON resgate_parceiro TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
REVOKE DELETE ON resgate_parceiro FROM bonifica_app;

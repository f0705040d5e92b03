CREATE TABLE "token_api" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"filial_id" integer,
	"nome" varchar(80) NOT NULL,
	"prefixo" varchar(16) NOT NULL,
	"segredo_hash" varchar(64) NOT NULL,
	"escopos" text[] NOT NULL,
	"expira_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"ultimo_uso" timestamp with time zone,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "token_api_id" integer;--> statement-breakpoint
ALTER TABLE "token_api" ADD CONSTRAINT "token_api_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_api" ADD CONSTRAINT "token_api_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_api" ADD CONSTRAINT "token_api_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "token_api_segredo_uq" ON "token_api" USING btree ("segredo_hash");--> statement-breakpoint
CREATE INDEX "token_api_empresa_idx" ON "token_api" USING btree ("empresa_id");--> statement-breakpoint
-- Hand-written: tenant isolation of the tokens like the other tenant tables (0001). The look-up of a
-- token by its hash runs before any tenant is bound (the token says which one), as the owner, like a session.
ALTER TABLE token_api ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY token_api_tenant ON token_api TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());

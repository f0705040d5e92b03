CREATE TABLE "sorteio" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(120) NOT NULL,
	"regulamento" text NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"premios" jsonb NOT NULL,
	"filiais" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"regra" varchar(6) NOT NULL,
	"valor_por_numero_centavos" bigint,
	"maximo_por_cliente" integer,
	"um_premio_por_cliente" boolean DEFAULT true NOT NULL,
	"origem_semente" varchar(8) NOT NULL,
	"data_loteria" date,
	"semente" varchar(60),
	"status" varchar(10) DEFAULT 'RASCUNHO' NOT NULL,
	"codigo_publico" varchar(24) NOT NULL,
	"hash_lista" varchar(64),
	"total_numeros" integer,
	"total_participantes" integer,
	"congelado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sorteio_ganhador" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"sorteio_id" integer NOT NULL,
	"posicao" integer NOT NULL,
	"premio" varchar(200) NOT NULL,
	"numero" integer NOT NULL,
	"participante" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"motivo" varchar(300),
	"notificado" boolean DEFAULT false NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sorteio_numero" (
	"empresa_id" integer NOT NULL,
	"sorteio_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"participante" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"linha" varchar(300) NOT NULL,
	CONSTRAINT "sorteio_numero_sorteio_id_numero_pk" PRIMARY KEY("sorteio_id","numero")
);
--> statement-breakpoint
ALTER TABLE "sorteio" ADD CONSTRAINT "sorteio_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorteio_ganhador" ADD CONSTRAINT "sorteio_ganhador_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorteio_ganhador" ADD CONSTRAINT "sorteio_ganhador_sorteio_id_sorteio_id_fk" FOREIGN KEY ("sorteio_id") REFERENCES "public"."sorteio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorteio_ganhador" ADD CONSTRAINT "sorteio_ganhador_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorteio_ganhador" ADD CONSTRAINT "sorteio_ganhador_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sorteio_empresa_idx" ON "sorteio" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "sorteio_codigo_publico_uq" ON "sorteio" USING btree ("codigo_publico");--> statement-breakpoint
CREATE UNIQUE INDEX "sorteio_ganhador_posicao_uq" ON "sorteio_ganhador" USING btree ("sorteio_id","posicao");--> statement-breakpoint
CREATE INDEX "sorteio_numero_participante_idx" ON "sorteio_numero" USING btree ("sorteio_id","participante");
--> statement-breakpoint
-- Tenant isolation as the other tenant tables (0024). The frozen list is written once by the freeze and
-- never changed (its hash is public); a winner is never changed nor deleted (the public page re-runs them).
ALTER TABLE sorteio ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY sorteio_tenant ON sorteio TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE sorteio_numero ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY sorteio_numero_tenant ON sorteio_numero TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE sorteio_ganhador ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY sorteio_ganhador_tenant ON sorteio_ganhador TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
REVOKE UPDATE, DELETE ON sorteio_numero FROM bonifica_app;--> statement-breakpoint
REVOKE UPDATE, DELETE ON sorteio_ganhador FROM bonifica_app;

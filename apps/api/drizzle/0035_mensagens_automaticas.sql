CREATE TABLE "envio_automatica" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"gatilho" varchar(16) NOT NULL,
	"cliente_id" integer NOT NULL,
	"motivo" varchar(40) NOT NULL,
	"lote_id" integer,
	"canal" varchar(10) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensagem_automatica" (
	"empresa_id" integer NOT NULL,
	"gatilho" varchar(16) NOT NULL,
	"ativo" boolean DEFAULT false NOT NULL,
	"modelo_id" integer,
	"canal" varchar(10) DEFAULT 'WHATSAPP' NOT NULL,
	"dias" smallint,
	"horario" varchar(5) DEFAULT '10:00' NOT NULL,
	"cupom" varchar(40),
	"link" varchar(300),
	"ultima_rodada" date,
	"eventos_desde" timestamp with time zone,
	"ativada_em" timestamp with time zone,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensagem_automatica_empresa_id_gatilho_pk" PRIMARY KEY("empresa_id","gatilho")
);
--> statement-breakpoint
CREATE TABLE "modelo_mensagem" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(80) NOT NULL,
	"canal" varchar(10) NOT NULL,
	"assunto" varchar(200),
	"texto" text NOT NULL,
	"arquivo_id" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "envio_automatica" ADD CONSTRAINT "envio_automatica_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio_automatica" ADD CONSTRAINT "envio_automatica_lote_id_lote_mensagem_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote_mensagem"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_automatica" ADD CONSTRAINT "mensagem_automatica_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_automatica" ADD CONSTRAINT "mensagem_automatica_modelo_id_modelo_mensagem_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."modelo_mensagem"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelo_mensagem" ADD CONSTRAINT "modelo_mensagem_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelo_mensagem" ADD CONSTRAINT "modelo_mensagem_arquivo_id_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "envio_automatica_uq" ON "envio_automatica" USING btree ("empresa_id","gatilho","cliente_id","motivo");--> statement-breakpoint
CREATE INDEX "envio_automatica_empresa_idx" ON "envio_automatica" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "modelo_mensagem_nome_uq" ON "modelo_mensagem" USING btree ("empresa_id","nome");--> statement-breakpoint
ALTER TABLE modelo_mensagem ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY modelo_mensagem_tenant ON modelo_mensagem TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE mensagem_automatica ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY mensagem_automatica_tenant ON mensagem_automatica TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE envio_automatica ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY envio_automatica_tenant ON envio_automatica TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
CREATE INDEX mensagem_saida_origem_idx ON mensagem_saida (empresa_id, origem, origem_id);

CREATE TABLE "regra_programa" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"filial_id" integer,
	"cashback_percentual_bp" integer DEFAULT 0 NOT NULL,
	"pontos_por_real" integer DEFAULT 0 NOT NULL,
	"compra_minima_centavos" integer DEFAULT 0 NOT NULL,
	"maximo_cashback_por_venda_centavos" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regra_programa_empresa_filial_uq" UNIQUE NULLS NOT DISTINCT("empresa_id","filial_id")
);
--> statement-breakpoint
CREATE TABLE "transacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"filial_id" integer,
	"cliente_id" integer NOT NULL,
	"valor_centavos" integer NOT NULL,
	"resgate_centavos" integer DEFAULT 0 NOT NULL,
	"cashback_centavos" integer DEFAULT 0 NOT NULL,
	"pontos" integer DEFAULT 0 NOT NULL,
	"status" varchar(12) DEFAULT 'CONFIRMADA' NOT NULL,
	"lancamento_id" integer,
	"estorno_lancamento_id" integer,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelada_em" timestamp with time zone,
	"cancelada_por_id" integer,
	"motivo_cancelamento" varchar(200)
);
--> statement-breakpoint
ALTER TABLE "regra_programa" ADD CONSTRAINT "regra_programa_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regra_programa" ADD CONSTRAINT "regra_programa_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacao" ADD CONSTRAINT "transacao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacao" ADD CONSTRAINT "transacao_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacao" ADD CONSTRAINT "transacao_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacao" ADD CONSTRAINT "transacao_lancamento_id_lancamento_id_fk" FOREIGN KEY ("lancamento_id") REFERENCES "public"."lancamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacao" ADD CONSTRAINT "transacao_estorno_lancamento_id_lancamento_id_fk" FOREIGN KEY ("estorno_lancamento_id") REFERENCES "public"."lancamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacao" ADD CONSTRAINT "transacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacao" ADD CONSTRAINT "transacao_cancelada_por_id_usuario_id_fk" FOREIGN KEY ("cancelada_por_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transacao_empresa_criado_idx" ON "transacao" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "transacao_cliente_idx" ON "transacao" USING btree ("empresa_id","cliente_id","criado_em");
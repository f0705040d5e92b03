CREATE TABLE "cliente_nota" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"texto" text NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conta_padrao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"nome" varchar(60) NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contato" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(160) NOT NULL,
	"celular" varchar(11),
	"email" varchar(254),
	"origem" varchar(40) NOT NULL,
	"observacoes" text,
	"cliente_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credito" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"conta_id" integer NOT NULL,
	"lancamento_id" integer NOT NULL,
	"valor" bigint NOT NULL,
	"restante" bigint NOT NULL,
	"disponivel_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credito_restante_ck" CHECK ("credito"."restante" >= 0 and "credito"."restante" <= "credito"."valor")
);
--> statement-breakpoint
CREATE TABLE "unificacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cliente_origem_id" integer NOT NULL,
	"cliente_destino_id" integer NOT NULL,
	"lancamento_id" integer,
	"resumo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cartao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"numero" varchar(19) NOT NULL,
	"cliente_id" integer,
	"status" varchar(12) DEFAULT 'DISPONIVEL' NOT NULL,
	"motivo_status" varchar(200),
	"substituido_por_id" integer,
	"filial_id" integer,
	"emitido_por_id" integer,
	"emitido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"vinculado_em" timestamp with time zone,
	"bloqueado_em" timestamp with time zone,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cartao_impressao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cartao_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'PENDENTE' NOT NULL,
	"lote" varchar(40),
	"solicitado_por_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"impresso_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cartao_numeracao" (
	"empresa_id" integer PRIMARY KEY NOT NULL,
	"prefixo" varchar(8) NOT NULL,
	"proxima_sequencia" bigint DEFAULT 1 NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cartao_numeracao_prefixo_unique" UNIQUE("prefixo")
);
--> statement-breakpoint
CREATE TABLE "cliente_plano" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"plano_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'ATIVO' NOT NULL,
	"preco_centavos" integer NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"filial_id" integer,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelado_em" timestamp with time zone,
	"cancelado_por_id" integer,
	"motivo_cancelamento" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "plano" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"nome" varchar(80) NOT NULL,
	"descricao" text,
	"preco_centavos" integer NOT NULL,
	"periodicidade" varchar(12) NOT NULL,
	"cashback_percentual_bp" integer,
	"pontos_por_real" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarefa" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" integer,
	"tipo" varchar(40) NOT NULL,
	"status" varchar(12) DEFAULT 'PENDENTE' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processados" integer DEFAULT 0 NOT NULL,
	"parametros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resultado" jsonb,
	"mensagem_erro" text,
	"arquivo" "bytea",
	"arquivo_nome" varchar(160),
	"arquivo_tipo" varchar(100),
	"entrada" "bytea",
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conta" ADD COLUMN "motivo_bloqueio" varchar(200);--> statement-breakpoint
ALTER TABLE "conta" ADD COLUMN "bloqueada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conta" ADD COLUMN "valida_ate" date;--> statement-breakpoint
ALTER TABLE "regra_programa" ADD COLUMN "validade_dias" integer;--> statement-breakpoint
ALTER TABLE "regra_programa" ADD COLUMN "carencia_dias" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transacao" ADD COLUMN "identificacao" varchar(10);--> statement-breakpoint
ALTER TABLE "transacao" ADD COLUMN "cartao_id" integer;--> statement-breakpoint
ALTER TABLE "transacao" ADD COLUMN "cliente_plano_id" integer;--> statement-breakpoint
ALTER TABLE "cliente_nota" ADD CONSTRAINT "cliente_nota_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_nota" ADD CONSTRAINT "cliente_nota_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_padrao" ADD CONSTRAINT "conta_padrao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contato" ADD CONSTRAINT "contato_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contato" ADD CONSTRAINT "contato_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito" ADD CONSTRAINT "credito_conta_id_conta_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."conta"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credito" ADD CONSTRAINT "credito_lancamento_id_lancamento_id_fk" FOREIGN KEY ("lancamento_id") REFERENCES "public"."lancamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unificacao" ADD CONSTRAINT "unificacao_cliente_origem_id_cliente_id_fk" FOREIGN KEY ("cliente_origem_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unificacao" ADD CONSTRAINT "unificacao_cliente_destino_id_cliente_id_fk" FOREIGN KEY ("cliente_destino_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unificacao" ADD CONSTRAINT "unificacao_lancamento_id_lancamento_id_fk" FOREIGN KEY ("lancamento_id") REFERENCES "public"."lancamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unificacao" ADD CONSTRAINT "unificacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartao" ADD CONSTRAINT "cartao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartao" ADD CONSTRAINT "cartao_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartao" ADD CONSTRAINT "cartao_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartao" ADD CONSTRAINT "cartao_emitido_por_id_usuario_id_fk" FOREIGN KEY ("emitido_por_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartao_impressao" ADD CONSTRAINT "cartao_impressao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartao_impressao" ADD CONSTRAINT "cartao_impressao_cartao_id_cartao_id_fk" FOREIGN KEY ("cartao_id") REFERENCES "public"."cartao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartao_impressao" ADD CONSTRAINT "cartao_impressao_solicitado_por_id_usuario_id_fk" FOREIGN KEY ("solicitado_por_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartao_numeracao" ADD CONSTRAINT "cartao_numeracao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_plano" ADD CONSTRAINT "cliente_plano_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_plano" ADD CONSTRAINT "cliente_plano_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_plano" ADD CONSTRAINT "cliente_plano_plano_id_plano_id_fk" FOREIGN KEY ("plano_id") REFERENCES "public"."plano"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_plano" ADD CONSTRAINT "cliente_plano_filial_id_empresa_id_fk" FOREIGN KEY ("filial_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_plano" ADD CONSTRAINT "cliente_plano_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_plano" ADD CONSTRAINT "cliente_plano_cancelado_por_id_usuario_id_fk" FOREIGN KEY ("cancelado_por_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano" ADD CONSTRAINT "plano_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa" ADD CONSTRAINT "tarefa_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa" ADD CONSTRAINT "tarefa_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cliente_nota_cliente_idx" ON "cliente_nota" USING btree ("empresa_id","cliente_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "conta_padrao_tipo_uq" ON "conta_padrao" USING btree ("empresa_id","tipo");--> statement-breakpoint
CREATE INDEX "contato_celular_idx" ON "contato" USING btree ("empresa_id","celular");--> statement-breakpoint
CREATE INDEX "contato_email_idx" ON "contato" USING btree ("empresa_id","email");--> statement-breakpoint
CREATE INDEX "credito_conta_aberto_idx" ON "credito" USING btree ("empresa_id","conta_id","expira_em","id") WHERE "credito"."restante" > 0;--> statement-breakpoint
CREATE INDEX "credito_expira_idx" ON "credito" USING btree ("expira_em") WHERE "credito"."restante" > 0 and "credito"."expira_em" is not null;--> statement-breakpoint
CREATE INDEX "unificacao_empresa_idx" ON "unificacao" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "cartao_numero_uq" ON "cartao" USING btree ("empresa_id","numero");--> statement-breakpoint
CREATE INDEX "cartao_cliente_idx" ON "cartao" USING btree ("empresa_id","cliente_id");--> statement-breakpoint
CREATE INDEX "cartao_status_idx" ON "cartao" USING btree ("empresa_id","status");--> statement-breakpoint
CREATE INDEX "cartao_impressao_status_idx" ON "cartao_impressao" USING btree ("empresa_id","status","criado_em");--> statement-breakpoint
CREATE INDEX "cartao_impressao_cartao_idx" ON "cartao_impressao" USING btree ("empresa_id","cartao_id");--> statement-breakpoint
CREATE INDEX "cliente_plano_cliente_idx" ON "cliente_plano" USING btree ("empresa_id","cliente_id","status");--> statement-breakpoint
CREATE INDEX "cliente_plano_plano_idx" ON "cliente_plano" USING btree ("empresa_id","plano_id","criado_em");--> statement-breakpoint
CREATE INDEX "plano_empresa_idx" ON "plano" USING btree ("empresa_id","ativo");--> statement-breakpoint
CREATE INDEX "tarefa_empresa_idx" ON "tarefa" USING btree ("empresa_id","criado_em");
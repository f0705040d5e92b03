-- Tenant isolation for cards, plans, jobs, credit lots, notes, contacts and unifications (same model as 0001/0003/0005).
ALTER TABLE cartao_numeracao ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cartao_numeracao_tenant ON cartao_numeracao TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cartao ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cartao_tenant ON cartao TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cartao_impressao ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cartao_impressao_tenant ON cartao_impressao TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE plano ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY plano_tenant ON plano TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cliente_plano ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cliente_plano_tenant ON cliente_plano TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE tarefa ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tarefa_tenant ON tarefa TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE credito ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY credito_tenant ON credito TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE conta_padrao ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY conta_padrao_tenant ON conta_padrao TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cliente_nota ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cliente_nota_tenant ON cliente_nota TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE contato ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY contato_tenant ON contato TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE unificacao ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY unificacao_tenant ON unificacao TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
-- Last barriers behind the contract's validation.
ALTER TABLE plano ADD CONSTRAINT plano_valores_ck CHECK (preco_centavos >= 0 AND (cashback_percentual_bp IS NULL OR cashback_percentual_bp BETWEEN 0 AND 10000) AND (pontos_por_real IS NULL OR pontos_por_real BETWEEN 0 AND 1000));--> statement-breakpoint
ALTER TABLE regra_programa ADD CONSTRAINT regra_programa_prazos_ck CHECK ((validade_dias IS NULL OR validade_dias BETWEEN 1 AND 3650) AND carencia_dias BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE cartao ADD CONSTRAINT cartao_status_ck CHECK ((status = 'DISPONIVEL' AND cliente_id IS NULL) OR (status <> 'DISPONIVEL' AND cliente_id IS NOT NULL) OR status = 'BLOQUEADO');--> statement-breakpoint
-- At most one usable card per customer: the one in use (ATIVO).
CREATE UNIQUE INDEX cartao_ativo_cliente_uq ON cartao (empresa_id, cliente_id) WHERE status = 'ATIVO';--> statement-breakpoint
-- Existing balances become one open lot each (no expiry, usable now), so that for every customer
-- account saldo = sum of its lots' restante from here on.
INSERT INTO credito (empresa_id, conta_id, lancamento_id, valor, restante)
SELECT c.empresa_id, c.id, (SELECT max(p.lancamento_id) FROM partida p WHERE p.conta_id = c.id AND p.valor > 0), c.saldo, c.saldo
FROM conta c WHERE c.cliente_id IS NOT NULL AND c.saldo > 0;

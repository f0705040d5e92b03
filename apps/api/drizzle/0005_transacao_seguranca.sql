-- Tenant isolation for sales and programme rules (same model as 0001/0003: policies for bonifica_app).
ALTER TABLE regra_programa ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY regra_programa_tenant ON regra_programa TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE transacao ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY transacao_tenant ON transacao TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
-- Last barriers behind the contract's validation: amounts that cannot be a sale or a rule.
ALTER TABLE transacao ADD CONSTRAINT transacao_valores_ck CHECK (
  valor_centavos > 0 AND resgate_centavos >= 0 AND resgate_centavos <= valor_centavos AND cashback_centavos >= 0 AND pontos >= 0
);--> statement-breakpoint
ALTER TABLE transacao ADD CONSTRAINT transacao_status_ck CHECK (
  (status = 'CONFIRMADA' AND cancelada_em IS NULL) OR (status = 'CANCELADA' AND cancelada_em IS NOT NULL)
);--> statement-breakpoint
ALTER TABLE regra_programa ADD CONSTRAINT regra_programa_valores_ck CHECK (
  cashback_percentual_bp BETWEEN 0 AND 10000 AND pontos_por_real BETWEEN 0 AND 1000 AND compra_minima_centavos >= 0
  AND (maximo_cashback_por_venda_centavos IS NULL OR maximo_cashback_por_venda_centavos > 0)
);

-- Tenant isolation for the dashboard's daily summary (same model as 0001/0003/0005/0007).
ALTER TABLE resumo_venda_dia ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY resumo_venda_dia_tenant ON resumo_venda_dia TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
-- Cancelled sales are subtracted live from the daily summary (docs/areas/dashboard.md): a small
-- partial index holding every figure the subtraction needs, so it is an index-only scan.
CREATE INDEX transacao_cancelada_idx ON transacao (empresa_id, criado_em)
  INCLUDE (filial_id, valor_centavos, resgate_centavos, cashback_centavos, pontos) WHERE status = 'CANCELADA';

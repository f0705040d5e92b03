-- Tenant isolation for the dashboard's hourly summary (same model as 0009).
ALTER TABLE resumo_venda_hora ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY resumo_venda_hora_tenant ON resumo_venda_hora TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());

-- Tenant isolation for the programme's tables (same model as 0001: policies for bonifica_app).
ALTER TABLE cliente ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cliente_tenant ON cliente TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE cliente_consentimento ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cliente_consentimento_tenant ON cliente_consentimento TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE conta ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY conta_tenant ON conta TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE lancamento ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY lancamento_tenant ON lancamento TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE partida ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY partida_tenant ON partida TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE idempotencia ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY idempotencia_tenant ON idempotencia TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
-- History is immutable (ARCHITECTURE §6): the application role may only add postings and entries.
REVOKE UPDATE, DELETE ON lancamento, partida FROM bonifica_app;--> statement-breakpoint
-- Every posting sums to zero, checked at commit so a posting's entries may be written one by one.
CREATE OR REPLACE FUNCTION verificar_lancamento_zerado() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE soma bigint;
BEGIN
  SELECT coalesce(sum(valor), 0) INTO soma FROM partida WHERE lancamento_id = NEW.lancamento_id;
  IF soma <> 0 THEN
    RAISE EXCEPTION 'Lançamento % não fecha em zero (soma %)', NEW.lancamento_id, soma USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER partida_lancamento_zerado AFTER INSERT ON partida
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION verificar_lancamento_zerado();

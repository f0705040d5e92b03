-- Customer search that row-level security lets use an index (bench/RESULTS.md: the trigram indexes
-- of 0010 were never used by the API, whose role sees LIKE, lower() and busca_normalizada() as
-- leaky functions that must run after the policy — a full scan of the company's customers). The
-- search now matches each typed word as the prefix of a word of the customer (cliente_palavra),
-- with starts_with and = on "C"-collated columns: leakproof, so they become ranges of the primary
-- key. Each word's customers come out in the list's order (ordem), so a page of a common name reads
-- a few rows instead of all who have it (modules/client/busca-clientes.ts).
ALTER TABLE cliente_palavra ALTER COLUMN palavra TYPE text COLLATE "C", ALTER COLUMN ordem TYPE text COLLATE "C";--> statement-breakpoint
-- The words a customer is found by: the name as runs of letters and runs of digits (without
-- accents, lower case: "Maria J. Silva" gives maria, j, silva); and, each behind its own mark so
-- that they never crowd the names' prefixes, the whole e-mail (@), the CPF/CNPJ (#), and the mobile
-- (+) whole, without the area code, and as its last 8 digits (how people still say a number from
-- before the ninth digit). The other words typed are checked against `ordem`, the name itself.
CREATE OR REPLACE FUNCTION palavras_cliente(nome text, email text, documento text, celular text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT p FROM (
    SELECT (regexp_matches(busca_normalizada(nome), '[a-z]+|[0-9]+', 'g'))[1] AS p
    UNION ALL SELECT '@' || busca_normalizada(email) WHERE email IS NOT NULL AND email <> ''
    UNION ALL SELECT '#' || lower(documento) WHERE documento IS NOT NULL AND documento <> ''
    UNION ALL SELECT '+' || celular WHERE celular IS NOT NULL AND celular <> ''
    UNION ALL SELECT '+' || substr(celular, 3) WHERE length(celular) >= 10
    UNION ALL SELECT '+' || right(celular, 8) WHERE length(celular) >= 10
  ) t WHERE p IS NOT NULL AND p <> ''
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION palavras_cliente(text, text, text, text) TO bonifica_app;--> statement-breakpoint
-- Kept by the database itself, once per statement (an import of 100,000 customers is one statement
-- per batch): new customers get their words, changed ones get them again, anonymised ones lose them
-- all — nobody finds an erased person, and the list leaves them out unless asked for.
CREATE OR REPLACE FUNCTION cliente_palavras_manter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cliente_palavra (empresa_id, palavra, ordem, cliente_id)
    SELECT n.empresa_id, p, busca_normalizada(n.nome), n.id
    FROM novas n CROSS JOIN LATERAL palavras_cliente(n.nome, n.email, n.documento, n.celular) p
    WHERE n.status <> 'ANONIMIZADO';
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only customers whose searchable data changed; rows that stay are left alone (ON CONFLICT).
    WITH mudou AS (
      SELECT n.id FROM novas n JOIN antigas a ON a.id = n.id
      WHERE (a.empresa_id, a.nome, a.email, a.documento, a.celular, a.status = 'ANONIMIZADO')
            IS DISTINCT FROM (n.empresa_id, n.nome, n.email, n.documento, n.celular, n.status = 'ANONIMIZADO')
    ),
    atuais AS (
      SELECT n.empresa_id, p AS palavra, busca_normalizada(n.nome) AS ordem, n.id AS cliente_id
      FROM novas n JOIN mudou m ON m.id = n.id CROSS JOIN LATERAL palavras_cliente(n.nome, n.email, n.documento, n.celular) p
      WHERE n.status <> 'ANONIMIZADO'
    ),
    apagadas AS (
      DELETE FROM cliente_palavra w USING mudou m
      WHERE w.cliente_id = m.id
        AND NOT EXISTS (SELECT 1 FROM atuais x WHERE x.cliente_id = w.cliente_id AND x.palavra = w.palavra AND x.ordem = w.ordem AND x.empresa_id = w.empresa_id)
    )
    INSERT INTO cliente_palavra (empresa_id, palavra, ordem, cliente_id) SELECT empresa_id, palavra, ordem, cliente_id FROM atuais
    ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM cliente_palavra w USING antigas a WHERE w.cliente_id = a.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cliente_palavras_inclusao AFTER INSERT ON cliente
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cliente_palavras_manter();--> statement-breakpoint
CREATE TRIGGER cliente_palavras_alteracao AFTER UPDATE ON cliente
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cliente_palavras_manter();--> statement-breakpoint
CREATE TRIGGER cliente_palavras_exclusao AFTER DELETE ON cliente
  REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cliente_palavras_manter();--> statement-breakpoint
ALTER TABLE cliente_palavra ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY cliente_palavra_tenant ON cliente_palavra TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
INSERT INTO cliente_palavra (empresa_id, palavra, ordem, cliente_id)
SELECT c.empresa_id, p, busca_normalizada(c.nome), c.id FROM cliente c CROSS JOIN LATERAL palavras_cliente(c.nome, c.email, c.documento, c.celular) p
WHERE c.status <> 'ANONIMIZADO'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The list's order is the normalised name in "C" collation, the same as `ordem` above, so a page
-- with and without a search agree whatever the database's locale.
DROP INDEX IF EXISTS cliente_nome_ordem_idx;--> statement-breakpoint
CREATE INDEX cliente_nome_ordem_idx ON cliente (empresa_id, (busca_normalizada(nome) COLLATE "C"), id);--> statement-breakpoint
-- Unused by the API (see above) and costly on every insert and update of a customer.
DROP INDEX IF EXISTS cliente_nome_trgm;--> statement-breakpoint
DROP INDEX IF EXISTS cliente_email_trgm;--> statement-breakpoint
DROP INDEX IF EXISTS cliente_documento_trgm;--> statement-breakpoint
DROP INDEX IF EXISTS cliente_celular_trgm;

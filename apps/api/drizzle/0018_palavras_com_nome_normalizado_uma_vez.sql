-- The search words of a customer (migration 0015) with the name normalised once per customer. The
-- trigger wrote busca_normalizada(nome) into `ordem` of every word row — ten or so calls of unaccent
-- per customer, a third of the trigger's time when an import inserts a thousand customers per
-- statement (bench/RESULTS.md, import). The function now receives the normalised name, which the
-- trigger computes once, in a subquery that the planner keeps apart (OFFSET 0) instead of inlining
-- the expression into each word row.
CREATE OR REPLACE FUNCTION palavras_do_cliente(nome_normalizado text, email text, documento text, celular text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT p FROM (
    SELECT (regexp_matches(nome_normalizado, '[a-z]+|[0-9]+', 'g'))[1] AS p
    UNION ALL SELECT '@' || busca_normalizada(email) WHERE email IS NOT NULL AND email <> ''
    UNION ALL SELECT '#' || lower(documento) WHERE documento IS NOT NULL AND documento <> ''
    UNION ALL SELECT '+' || celular WHERE celular IS NOT NULL AND celular <> ''
    UNION ALL SELECT '+' || substr(celular, 3) WHERE length(celular) >= 10
    UNION ALL SELECT '+' || right(celular, 8) WHERE length(celular) >= 10
  ) t WHERE p IS NOT NULL AND p <> ''
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION palavras_do_cliente(text, text, text, text) TO bonifica_app;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cliente_palavras_manter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cliente_palavra (empresa_id, palavra, ordem, cliente_id)
    SELECT n.empresa_id, p, n.ordem, n.id
    FROM (SELECT empresa_id, id, email, documento, celular, busca_normalizada(nome) AS ordem FROM novas WHERE status <> 'ANONIMIZADO' OFFSET 0) n
    CROSS JOIN LATERAL palavras_do_cliente(n.ordem, n.email, n.documento, n.celular) p;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only customers whose searchable data changed; rows that stay are left alone (ON CONFLICT).
    WITH mudou AS (
      SELECT n.id FROM novas n JOIN antigas a ON a.id = n.id
      WHERE (a.empresa_id, a.nome, a.email, a.documento, a.celular, a.status = 'ANONIMIZADO')
            IS DISTINCT FROM (n.empresa_id, n.nome, n.email, n.documento, n.celular, n.status = 'ANONIMIZADO')
    ),
    atuais AS (
      SELECT n.empresa_id, p AS palavra, n.ordem, n.id AS cliente_id
      FROM (
        SELECT n.empresa_id, n.id, n.email, n.documento, n.celular, busca_normalizada(n.nome) AS ordem
        FROM novas n JOIN mudou m ON m.id = n.id WHERE n.status <> 'ANONIMIZADO' OFFSET 0
      ) n CROSS JOIN LATERAL palavras_do_cliente(n.ordem, n.email, n.documento, n.celular) p
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
DROP FUNCTION IF EXISTS palavras_cliente(text, text, text, text);

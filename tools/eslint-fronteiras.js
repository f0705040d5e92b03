import path from 'node:path';

/**
 * The module boundaries of ARCHITECTURE §3 as a lint rule (docs/decisions/022-fronteiras-entre-modulos.md):
 * - a web feature (apps/web/src/features/<a>) imports nothing of another feature;
 * - an API module (apps/api/src/modules/<a>) imports another module only through its public face,
 *   modules/<b>/index.ts.
 * Relative specifiers are resolved against the importing file, so the depth of the file does not
 * matter (a pattern of `no-restricted-imports` sees only the text of the specifier).
 */

const raiz = path.resolve(import.meta.dirname, '..');
const FEATURES = path.join(raiz, 'apps/web/src/features');
const MODULOS = path.join(raiz, 'apps/api/src/modules');

/** The first folder under `base` that holds `arquivo`, or null when it is not under `base`. */
function pastaSob(base, arquivo) {
  const r = path.relative(base, arquivo);
  if (r.startsWith('..') || path.isAbsolute(r)) return null;
  const partes = r.split(path.sep);
  return partes.length > 1 ? { nome: partes[0], resto: partes.slice(1).join('/') } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const regra = {
  meta: {
    type: 'problem',
    docs: { description: 'Fronteiras entre features da web e módulos da API (decisão 022)' },
    messages: {
      feature: 'A feature "{{de}}" não importa da feature "{{para}}": mova o que é comum para components/ ou lib/ (decisão 022).',
      modulo: 'O módulo "{{de}}" importa do módulo "{{para}}" só pela sua face pública: "../{{para}}/index.js" (decisão 022).',
    },
    schema: [],
  },
  create(context) {
    const arquivo = context.filename;
    const feature = pastaSob(FEATURES, arquivo);
    const modulo = pastaSob(MODULOS, arquivo);
    if (!feature && !modulo) return {};
    function conferir(no) {
      const especificador = no.source && no.source.value;
      if (typeof especificador !== 'string' || !especificador.startsWith('.')) return;
      const alvo = path.resolve(path.dirname(arquivo), especificador);
      if (feature) {
        const outra = pastaSob(FEATURES, alvo);
        if (outra && outra.nome !== feature.nome) context.report({ node: no.source, messageId: 'feature', data: { de: feature.nome, para: outra.nome } });
      }
      if (modulo) {
        const outro = pastaSob(MODULOS, alvo);
        if (outro && outro.nome !== modulo.nome && !/^index\.(js|ts)$/.test(outro.resto)) {
          context.report({ node: no.source, messageId: 'modulo', data: { de: modulo.nome, para: outro.nome } });
        }
      }
    }
    return { ImportDeclaration: conferir, ExportNamedDeclaration: conferir, ExportAllDeclaration: conferir, ImportExpression: conferir };
  },
};

export const fronteiras = { rules: { modulos: regra } };

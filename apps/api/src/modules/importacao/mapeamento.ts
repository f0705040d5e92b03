import { camposDaImportacao, type CampoImportacao, type Mapeamento, type TipoImportacao } from '@bonifica/contracts';

/** Header names people use for each field, already normalised (lower case, no accents, letters and digits only). */
const SINONIMOS: Record<CampoImportacao, string[]> = {
  nome: ['nome', 'nomecompleto', 'nomedocliente', 'cliente', 'razaosocial', 'name', 'contato'],
  documento: ['cpf', 'cnpj', 'cpfcnpj', 'documento', 'doc', 'cpfoucnpj'],
  celular: ['celular', 'telefone', 'whatsapp', 'fone', 'cel', 'telefonecelular', 'mobile', 'phone', 'tel'],
  email: ['email', 'correioeletronico', 'mail'],
  dataNascimento: ['nascimento', 'datadenascimento', 'datanascimento', 'dtnascimento', 'datanasc', 'aniversario', 'birthdate'],
  cep: ['cep', 'codigopostal'],
  cidade: ['cidade', 'municipio'],
  uf: ['uf', 'estado'],
  observacoes: ['observacoes', 'observacao', 'obs', 'notas', 'anotacoes'],
  aceitaWhatsapp: ['aceitawhatsapp', 'consentimentowhatsapp', 'optinwhatsapp', 'autorizawhatsapp', 'whatsappautorizado'],
  aceitaEmail: ['aceitaemail', 'consentimentoemail', 'optinemail', 'autorizaemail', 'emailautorizado'],
  saldo: ['saldo', 'saldoinicial', 'cashback', 'saldocashback', 'pontos', 'credito', 'saldoatual'],
};

export function normalizarCabecalho(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Suggests a column for each field from the header names: an exact synonym first, then a header
 * that contains one ("CPF do cliente"). A column is suggested for one field only.
 */
export function sugerirMapeamento(cabecalhos: readonly string[], tipo: TipoImportacao): Mapeamento {
  const normalizados = cabecalhos.map(normalizarCabecalho);
  const usadas = new Set<number>();
  const sugestao: Mapeamento = {};
  const escolher = (campo: CampoImportacao, combina: (cabecalho: string, sinonimo: string) => boolean) => {
    if (sugestao[campo] !== undefined) return;
    for (const sinonimo of SINONIMOS[campo]) {
      const i = normalizados.findIndex((c, j) => !usadas.has(j) && c !== '' && combina(c, sinonimo));
      if (i >= 0) {
        sugestao[campo] = i;
        usadas.add(i);
        return;
      }
    }
  };
  const campos = camposDaImportacao(tipo);
  for (const campo of campos) escolher(campo, (c, s) => c === s);
  // Short synonyms ("uf", "cel", "doc", "obs") only match whole headers: inside words they match by chance.
  for (const campo of campos) escolher(campo, (c, s) => s.length >= 4 && c.includes(s));
  for (const campo of campos) if (sugestao[campo] === undefined) sugestao[campo] = null;
  return sugestao;
}

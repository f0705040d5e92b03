// The customer file of the import bench (bench/importacao.mjs): what a store migrating from another
// system exports with Excel pt-BR — `;`-separated, Windows-1252, Nome;CPF;Celular;E-mail;Nascimento;Saldo,
// dates dd/mm/aaaa, balances 1.234,56, phones in the shapes people type them — with valid CPFs
// (módulo 11), accented names, a share of rows with an opening balance, a few rows the import must
// refuse, a few customers the demo company already has, and names that a spreadsheet would read as
// formulas (so that an export of the imported base shows the neutralisation).
import { PRENOMES, SOBRENOMES } from './nomes.mjs';

/** Deterministic: the same arguments give the same file, byte for byte. */
function aleatorio(semente) {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function digito(valores, pesos) {
  const resto = valores.reduce((s, v, i) => s + v * pesos[i], 0) % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** The same check digits as apps/api/src/db/seed-clientes.ts cpfDeBase. */
export function cpfDeBase(base9) {
  const d = [...base9].map(Number);
  const d1 = digito(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base9}${d1}${digito([...d, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])}`;
}

/** Customers of the demo seed (company 1): a migration file often brings people the store already has. */
const CPFS_DA_DEMONSTRACAO = ['390533447', '275184630', '163840275', '482917365', '519273846'].map(cpfDeBase);

const pad = (n) => String(n).padStart(2, '0');
const formatarCpf = (c) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
const semAcento = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

function valorBR(centavos) {
  const inteiro = Math.floor(centavos / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${inteiro},${pad(centavos % 100)}`;
}

/** The refusals, one kind after the other, each as the import reports it. */
const DEFEITOS = [
  (c) => ({ ...c, cpf: c.cpf.slice(0, 10) + ((Number(c.cpf[10]) + 1) % 10) }), // wrong check digit
  (c) => ({ ...c, email: `${c.email || 'cliente'}@` }),
  (c) => ({ ...c, nascimento: '31/02/1990' }),
  (c) => ({ ...c, nome: 'X' }),
  (c) => ({ ...c, saldo: '-10,00' }),
  (c) => ({ ...c, celular: '12345' }),
];

/** What a spreadsheet would evaluate: typed as a formula in another system, or a botched paste. */
const FORMULAS = [(n) => `=HIPERLINK("http://exemplo.com";"${n}")`, (n) => `+55 ${n}`, (n) => `-${n}`, (n) => `@${n}`];

/** A field with the separator, quotes or a line break goes between quotes, as Excel writes it. */
const campo = (v) => (/[;"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/**
 * `linhas` data rows. Returns the file and what the import must report for it into the demo
 * database: rows refused, customers new and already there, opening balances posted and their sum.
 * `fracaoSaldo` of the rows bring an opening balance; one row in `aCadaErro` is refused.
 */
export function gerarArquivoImportacao({ linhas, fracaoSaldo = 0.25, aCadaErro = 250, semente = 20261123 }) {
  const r = aleatorio(semente);
  const escolher = (lista) => lista[Math.floor(r() * lista.length)];
  const saida = ['Nome;CPF;Celular;E-mail;Nascimento;Saldo'];
  const esperado = { linhas, comErro: 0, novos: 0, existentes: 0, saldosLancados: 0, saldoCentavos: 0, saldosIgnorados: 0, formulas: 0 };
  const cpfsNovos = [];
  for (let i = 0; i < linhas; i++) {
    const prenome = escolher(PRENOMES);
    const sobrenomes = `${escolher(SOBRENOMES)} ${escolher(SOBRENOMES)}`;
    let c = {
      nome: `${prenome} ${r() < 0.3 ? `${escolher(PRENOMES)} ` : ''}${sobrenomes}`,
      cpf: cpfDeBase(String(700_000_000 + i)),
      celular: '',
      email: '',
      nascimento: '',
      saldo: '',
    };
    const ddd = escolher(['11', '21', '31', '41', '51', '61', '71', '81', '85', '92']);
    const numero = `9${String(Math.floor(r() * 1e8)).padStart(8, '0')}`;
    const formato = r();
    if (formato < 0.4) c.celular = `(${ddd}) ${numero.slice(0, 5)}-${numero.slice(5)}`;
    else if (formato < 0.7) c.celular = `${ddd}${numero}`;
    else if (formato < 0.8) c.celular = `+55 ${ddd} ${numero.slice(0, 5)}-${numero.slice(5)}`;
    if (r() < 0.6) c.email = `${semAcento(prenome)}.${semAcento(sobrenomes.split(' ')[0])}${i}@exemplo.com.br`;
    if (r() < 0.7) {
      const d = new Date(Date.UTC(1945 + Math.floor(r() * 60), Math.floor(r() * 12), 1 + Math.floor(r() * 28)));
      c.nascimento = r() < 0.9 ? `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}` : `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()}`;
    }
    const centavos = r() < fracaoSaldo ? 1 + Math.floor(r() * 200_000) : 0;
    if (centavos) c.saldo = valorBR(centavos);
    const formatado = r() < 0.5;

    if (i % aCadaErro === aCadaErro - 1) {
      // The same person twice in the file (the later row is refused), or a row with one bad field.
      if (i % (aCadaErro * 7) === aCadaErro * 7 - 1 && cpfsNovos.length > 0) c.cpf = cpfsNovos[Math.floor(r() * cpfsNovos.length)];
      else c = DEFEITOS[Math.floor(i / aCadaErro) % DEFEITOS.length](c);
      esperado.comErro++;
    } else if (i % 20_011 === 5 && esperado.existentes < CPFS_DA_DEMONSTRACAO.length) {
      c.cpf = CPFS_DA_DEMONSTRACAO[esperado.existentes++];
      if (centavos) esperado.saldosIgnorados++;
    } else {
      esperado.novos++;
      cpfsNovos.push(c.cpf);
      if (centavos) {
        esperado.saldosLancados++;
        esperado.saldoCentavos += centavos;
      }
      if (i % 2_500 === 17) {
        c.nome = FORMULAS[esperado.formulas++ % FORMULAS.length](c.nome);
      }
    }
    if (formatado) c.cpf = formatarCpf(c.cpf);
    saida.push([c.nome, c.cpf, c.celular, c.email, c.nascimento, c.saldo].map(campo).join(';'));
  }
  // Excel pt-BR writes CRLF and Windows-1252; every character above is in Latin-1.
  return { conteudo: Buffer.from(`${saida.join('\r\n')}\r\n`, 'latin1'), esperado };
}

import { diaNoFuso, formatarDataHora, VERSAO_ALGORITMO_SORTEIO } from '@bonifica/contracts';
import { html, pagina } from '../../lib/pagina-publica.js';
import type { SorteioPublico } from './publico.consulta.js';

const data = (d: string) => d.split('-').reverse().join('/');

const ESTILO = `<style>
  .hash{display:block;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8rem;word-break:break-all;background:#f4f6fb;padding:.5rem;border-radius:6px}
  dl{display:grid;grid-template-columns:1fr;gap:.15rem .75rem;margin:.5rem 0}
  dt{color:#4a5160;font-size:.85rem}dd{margin:0 0 .4rem}
  @media(min-width:36rem){dl{grid-template-columns:auto 1fr}dd{margin:0}}
  table{width:100%;border-collapse:collapse;font-size:.9rem}
  th,td{text-align:left;padding:.4rem .3rem;border-bottom:1px solid #e3e6ee;vertical-align:top}
  .cpf{white-space:nowrap}
  .manual{display:inline-block;background:#fff3bf;color:#7a5b00;border-radius:4px;padding:0 .35rem;font-size:.75rem;font-weight:600}
  .botao{display:inline-block;margin:.5rem .5rem 0 0;padding:.65rem 1rem;font-size:1rem;border:0;border-radius:8px;background:#007f77;color:#fff;cursor:pointer;text-decoration:none}
  .botao.sec{background:#e3e6ee;color:#1f2430}
  #resultado{margin-top:1rem;overflow-wrap:anywhere}.tabela{overflow-x:auto;margin:0 -.5rem}.ok{color:#2b8a3e;font-weight:600}.falha{color:#c92a2a;font-weight:600}
  details{margin-top:1rem}pre{white-space:pre-wrap;font-family:inherit}
</style>`;

function ganhadoresHtml(s: SorteioPublico): string {
  // A closed draw with prizes left: nobody remained to win them (sorteio/encerrar), said on their rows.
  const semGanhador =
    s.status === 'CONCLUIDO'
      ? s.premios
          .slice(s.ganhadores.length)
          .map((p, i) => `<tr><td>${s.ganhadores.length + i + 1}º<br><small>${html(p)}</small></td><td colspan="2">Sem ganhador: não restavam participantes</td></tr>`)
          .join('')
      : '';
  if (!s.ganhadores.length && !semGanhador) return '<p class="sub">Nenhum ganhador sorteado ainda.</p>';
  const linhas = s.ganhadores
    .map((g) => {
      const [, , cpf, nome] = g.linha.split(';');
      const como = g.manual ? `<span class="manual">MANUAL</span> ${html(g.motivo ?? '')}` : 'Algoritmo';
      // Three columns, so the table fits a phone (390 px) without sideways scrolling.
      return `<tr data-posicao="${g.posicao}"><td>${g.posicao}º<br><small>${html(g.premio)}</small></td><td><strong>${g.numero}</strong><br><small>${como}</small><br><small class="conferido"></small></td><td>${html(nome ?? '')}<br><small class="cpf">${html(cpf ?? '')}</small></td></tr>`;
    })
    .join('');
  return `<div class="tabela"><table><thead><tr><th>Prêmio</th><th>Número</th><th>Ganhador</th></tr></thead><tbody>${linhas}${semGanhador}</tbody></table></div>`;
}

/**
 * Where a fixed seed came from, with when it was fixed: before the first day of the period nobody could
 * know a lucky number, after it the company already saw part of the list — said plainly either way.
 */
function origemFixa(s: SorteioPublico): string {
  if (!s.sementeEm) return 'fixada pela empresa no cadastro do sorteio';
  const quando = `fixada pela empresa em ${formatarDataHora(s.sementeEm)} (Brasília)`;
  const antesDoInicio = diaNoFuso(s.sementeEm) < s.inicio; // calendar days in Brasília
  return antesDoInicio ? `${quando}, antes do início do período` : `${quando}, depois do início do período: a empresa já conhecia parte da lista`;
}

/** The public verification page: everything needed to check the draw, and a button that re-runs it here. */
export function paginaVerificacao(s: SorteioPublico): string {
  const semente = s.semente
    ? `<span class="hash" id="semente">${html(s.semente)}</span>`
    : `A informar: resultado da Loteria Federal de ${s.dataLoteria ? data(s.dataLoteria) : '—'}`;
  const origem = s.origemSemente === 'LOTERIA' ? `resultado da Loteria Federal de ${s.dataLoteria ? data(s.dataLoteria) : '—'} (1º prêmio, como publicado pela Caixa)` : origemFixa(s);
  const dados = JSON.stringify({
    lista: `./${s.codigo}/lista.txt`,
    hash: s.hashLista,
    semente: s.semente,
    umPorCliente: s.umPremioPorCliente,
    ganhadores: s.ganhadores.map((g) => ({ posicao: g.posicao, numero: g.numero, participante: g.participante, manual: g.manual })),
  }).replace(/</g, '\\u003c');
  const congelada = s.hashLista
    ? `<dt>SHA-256 da lista</dt><dd><span class="hash" id="hash">${s.hashLista}</span>${s.congeladoEm ? `<br><small>Lista congelada em ${formatarDataHora(s.congeladoEm)} (Brasília)</small>` : ''}</dd>
       <dt>Participantes</dt><dd>${s.totalParticipantes} (${s.totalNumeros} números da sorte)</dd>`
    : `<dt>Lista</dt><dd>Será congelada e publicada aqui ao fim do período, antes do sorteio.</dd>`;
  return pagina(
    `${s.nome} — verificação do sorteio`,
    `${ESTILO}<div class="cartao">
  <h1>${html(s.nome)}</h1>
  <p class="sub">Sorteio de ${html(s.empresa)} · período de ${data(s.inicio)} a ${data(s.fim)}</p>
  <h2>Prêmios</h2>
  <ol>${s.premios.map((p) => `<li>${html(p)}</li>`).join('')}</ol>
  <h2>Dados públicos do sorteio</h2>
  <dl>${congelada}
    <dt>Semente</dt><dd>${semente}<br><small>Origem: ${html(origem)}</small></dd>
    <dt>Algoritmo</dt><dd>${VERSAO_ALGORITMO_SORTEIO}</dd></dl>
  <h2>Ganhadores</h2>
  ${ganhadoresHtml(s)}
  ${
    s.hashLista
      ? `<a class="botao sec" href="./${html(s.codigo)}/lista.txt" download="sorteio-${s.id}-lista.txt">Baixar a lista (TXT)</a>
  <button class="botao" id="verificar" type="button">Verificar no meu navegador</button>
  <div id="resultado" role="status" aria-live="polite"></div>`
      : ''
  }
  <details><summary>Como conferir</summary>
    <p>A lista congelada tem uma linha por número da sorte, <code>número;participante;CPF mascarado;nome abreviado</code>,
    em ordem de número, cada linha terminada por quebra de linha (UTF-8). O SHA-256 desse arquivo foi publicado aqui
    antes da semente ser conhecida: qualquer mudança na lista muda o SHA-256.</p>
    <p>O ganhador do prêmio k sai de SHA-256("hash:semente:k") lido como número inteiro, dividido pela quantidade de
    números que ainda concorrem (em ordem de número); o resto é a posição do ganhador. Quando o inteiro cai na última
    faixa incompleta, usa-se "hash:semente:k:1", ":2"… para que todos tenham a mesma chance.${
      s.umPremioPorCliente ? ' Cada participante ganha um só prêmio: quem já ganhou sai com todos os seus números.' : ' Um número já sorteado não concorre de novo.'
    }</p>
    <p>O botão acima baixa a lista, calcula o SHA-256 e refaz o sorteio aqui, no seu navegador, com o
    <a href="./algoritmo.js">mesmo código</a> que o sistema usa.</p>
  </details>
  <details><summary>Regulamento</summary><pre>${html(s.regulamento)}</pre></details>
</div>
<script type="application/json" id="dados">${dados}</script>
<script type="module" src="./verificar.js"></script>`,
  );
}

export function paginaSorteioNaoEncontrado(): string {
  return pagina(
    'Sorteio não encontrado',
    `<div class="cartao"><h1>Sorteio não encontrado</h1>
  <p>Este endereço não corresponde a nenhum sorteio. Confira o link do regulamento que você recebeu da loja.</p></div>`,
  );
}

/** The page's own script (plain JS, served as a file: the CSP forbids inline scripts). */
export const SCRIPT_VERIFICACAO = `import { sha256Hex, lerLista, sortearPosicao } from './algoritmo.js';
const dados = JSON.parse(document.getElementById('dados').textContent);
const botao = document.getElementById('verificar');
const saida = document.getElementById('resultado');
function dizer(texto, classe) { const p = document.createElement('p'); p.textContent = texto; if (classe) p.className = classe; saida.appendChild(p); return p; }
if (botao) botao.addEventListener('click', async () => {
  botao.disabled = true; saida.textContent = ''; saida.dataset.estado = 'rodando';
  try {
    const baixando = dizer('Baixando a lista congelada…');
    const resposta = await fetch(dados.lista);
    // A refusal (429: too many accesses) is not the list: hashing it would say "does not match".
    if (!resposta.ok) throw new Error(resposta.status === 429 ? 'muitos acessos em pouco tempo; aguarde um minuto e tente de novo.' : 'a lista não pôde ser baixada (HTTP ' + resposta.status + ').');
    const texto = await resposta.text();
    baixando.textContent = 'Lista congelada baixada.';
    const hash = await sha256Hex(texto);
    const hashOk = hash === dados.hash;
    dizer(hashOk ? 'SHA-256 da lista confere: ' + hash : 'SHA-256 NÃO confere: calculado ' + hash, hashOk ? 'ok' : 'falha');
    let todosOk = hashOk;
    if (dados.semente) {
      const linhas = lerLista(texto);
      const anteriores = [];
      for (const g of dados.ganhadores) {
        const celula = document.querySelector('tr[data-posicao="' + g.posicao + '"] .conferido');
        if (!g.manual) {
          const l = await sortearPosicao(linhas, dados.hash, dados.semente, g.posicao, anteriores, dados.umPorCliente);
          const ok = l.numero === g.numero;
          todosOk = todosOk && ok;
          if (celula) { celula.textContent = ok ? '✔ confere' : '✘ deu ' + l.numero; celula.className = 'conferido ' + (ok ? 'ok' : 'falha'); celula.dataset.sorteado = l.numero; }
        } else if (celula) celula.textContent = 'manual';
        anteriores.push({ numero: g.numero, participante: g.participante });
      }
    }
    const fim = !todosOk ? 'Verificação concluída com divergências.' : dados.semente ? 'Verificação concluída: o resultado confere.' : 'A lista confere. A semente ainda não foi informada: os ganhadores poderão ser conferidos depois dela.';
    dizer(fim, todosOk ? 'ok' : 'falha');
    saida.dataset.estado = todosOk ? 'ok' : 'falha';
  } catch (e) {
    dizer('Não foi possível verificar: ' + (e && e.message ? e.message : e), 'falha');
    saida.dataset.estado = 'erro';
  } finally { botao.disabled = false; }
});
`;

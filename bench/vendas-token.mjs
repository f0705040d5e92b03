// Sales through an API token (issue 13 §3: the same target as the terminal, ≥ 1,500/s with p99 ≤ 50 ms
// on PostgreSQL), on a data set made by gerar-dados.mjs:
//   node bench/vendas-token.mjs --pg postgres://…/bonifica_bench | --pglite <pasta> [--conexoes 32] [--segundos 10]
// The same run as bench/vendas.mjs, posting through POST /services/integracao/v1/vendas with a token.
process.argv.push('--token');
await import('./vendas.mjs');

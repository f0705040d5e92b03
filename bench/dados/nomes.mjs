// Small lists of Brazilian names for the bench generator: realistic enough to search by (accents
// included), combined in SQL into ~27 thousand distinct full names.
export const PRENOMES = [
  'Ana', 'Maria', 'José', 'João', 'Francisco', 'Antônio', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luíza', 'Júlia',
  'Beatriz', 'Gabriel', 'Rafael', 'Fernanda', 'Patrícia', 'Aline', 'Sebastião', 'Márcia', 'Luís', 'Marcos', 'Letícia',
  'Camila', 'Bruno', 'Mariana', 'Vitória', 'Helena', 'Otávio', 'Cecília',
];

export const SOBRENOMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro',
  'Martins', 'Carvalho', 'Araújo', 'Melo', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Conceição', 'Gonçalves', 'Câmara',
  'Magalhães', 'Brandão', 'Assunção', 'Moraes', 'Nogueira', 'Guimarães', 'Fonseca',
];

/** SQL array literal of a JS list of strings. */
export const arraySql = (lista) => `array[${lista.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]`;

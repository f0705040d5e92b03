import { hojeISO, type CanalConsentimento } from '@bonifica/contracts';

/** Check digits by the Receita Federal's modulo-11 rule, so demo CPFs and CNPJs are valid and fixed. */
function digitoModulo11(valores: number[], pesos: number[]): number {
  const resto = valores.reduce((s, v, i) => s + v * pesos[i]!, 0) % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export function cpfDeBase(base9: string): string {
  const d = [...base9].map(Number);
  const d1 = digitoModulo11(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = digitoModulo11([...d, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base9}${d1}${d2}`;
}

/** Works for the alphanumeric CNPJ too: each character counts as its code minus 48. */
export function cnpjDeBase(base12: string): string {
  const v = [...base12.toUpperCase()].map((c) => c.charCodeAt(0) - 48);
  const d1 = digitoModulo11(v, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = digitoModulo11([...v, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base12.toUpperCase()}${d1}${d2}`;
}

/** Where the customer signed up: 0 = matriz, 1 = Jardins, 2 = Moema. */
type Origem = 0 | 1 | 2;

export type ClienteDemo = {
  nome: string;
  documento?: string;
  nascimento?: string;
  celular?: string;
  whatsapp?: boolean;
  email?: string;
  endereco?: { cep: string; logradouro: string; numero: string; bairro: string; cidade: string; uf: string; complemento?: string };
  origem: Origem;
  bloqueado?: boolean;
  observacoes?: string;
  consentimentos?: CanalConsentimento[];
  /** How long ago the customer signed up. */
  diasAtras: number;
};

/** A birthday in the current month (Brasília), so the birthday filters have something to show. */
function aniversarioEsteMes(ano: number, dia: number): string {
  const mes = hojeISO().slice(5, 7);
  return `${ano}-${mes}-${String(dia).padStart(2, '0')}`;
}

const SE = { cep: '01001000', logradouro: 'Praça da Sé', bairro: 'Sé', cidade: 'São Paulo', uf: 'SP' };

/** ~25 customers of the demo network; Maria José appears twice with the same mobile (a likely duplicate). */
export function clientesDemo(): ClienteDemo[] {
  return [
    { nome: 'Ana Beatriz Gonçalves', documento: cpfDeBase('390533447'), nascimento: aniversarioEsteMes(1988, 3), celular: '11987650101', whatsapp: true, email: 'ana.goncalves@exemplo.com.br', endereco: { ...SE, numero: '120', complemento: 'Apto 42' }, origem: 0, consentimentos: ['WHATSAPP', 'EMAIL'], diasAtras: 400 },
    { nome: 'João Pedro Araújo', documento: cpfDeBase('275184630'), nascimento: '1979-11-21', celular: '11976540202', whatsapp: true, origem: 1, consentimentos: ['WHATSAPP'], diasAtras: 380 },
    { nome: 'Márcia Helena Conceição', documento: cpfDeBase('163840275'), nascimento: '1965-02-14', celular: '11965430303', email: 'marcia.conceicao@exemplo.com.br', origem: 2, consentimentos: ['EMAIL', 'SMS'], diasAtras: 350 },
    { nome: 'Luís Fernando Câmara', documento: cpfDeBase('482917365'), nascimento: aniversarioEsteMes(1992, 12), celular: '11954320404', whatsapp: true, origem: 0, consentimentos: ['WHATSAPP'], diasAtras: 330 },
    { nome: 'Patrícia Lemos Ribeiro', documento: cpfDeBase('519273846'), nascimento: '1990-06-30', celular: '11943210505', whatsapp: true, email: 'patricia.ribeiro@exemplo.com.br', origem: 1, diasAtras: 300 },
    { nome: 'Antônio Carlos Nogueira', documento: cpfDeBase('628374159'), nascimento: '1958-09-08', celular: '1132650606', origem: 0, observacoes: 'Prefere atendimento pela manhã.', diasAtras: 290 },
    { nome: 'Fernanda Sá Teixeira', documento: cpfDeBase('731846295'), nascimento: aniversarioEsteMes(2000, 25), celular: '11932100707', whatsapp: true, email: 'fe.teixeira@exemplo.com.br', origem: 2, consentimentos: ['WHATSAPP', 'EMAIL', 'SMS'], diasAtras: 260 },
    { nome: 'Raimundo Nonato Brandão', documento: cpfDeBase('842957316'), nascimento: '1971-04-02', celular: '11921090808', origem: 1, diasAtras: 240 },
    { nome: 'Juliana Prado Assunção', documento: cpfDeBase('953162487'), nascimento: '1985-12-19', celular: '11919980909', whatsapp: true, email: 'juliana.assuncao@exemplo.com.br', endereco: { cep: '20040002', logradouro: 'Rua da Assembleia', numero: '10', bairro: 'Centro', cidade: 'Rio de Janeiro', uf: 'RJ' }, origem: 0, consentimentos: ['EMAIL'], diasAtras: 220 },
    { nome: 'Sebastião Ferreira Lima', documento: cpfDeBase('164273598'), nascimento: '1949-07-27', celular: '11998871010', origem: 2, bloqueado: true, observacoes: 'Bloqueado a pedido do cliente (cartão extraviado).', diasAtras: 210 },
    { nome: 'Camila Oliveira Rocha', documento: cpfDeBase('275384619'), nascimento: aniversarioEsteMes(1995, 7), celular: '11987761111', whatsapp: true, origem: 1, consentimentos: ['WHATSAPP'], diasAtras: 190 },
    { nome: 'Maria José da Silva', documento: cpfDeBase('386495721'), nascimento: '1976-03-11', celular: '11976651212', whatsapp: true, email: 'mariajose.silva@exemplo.com.br', origem: 0, consentimentos: ['WHATSAPP'], diasAtras: 180 },
    { nome: 'Maria J. Silva', celular: '(11) 97665-1212', whatsapp: true, origem: 2, observacoes: 'Cadastro rápido no balcão; conferir se é a mesma Maria José.', diasAtras: 20 },
    { nome: 'Thiago Mendonça Pires', documento: cpfDeBase('497516832'), nascimento: '1998-10-05', celular: '11965541313', whatsapp: true, email: 'thiago.pires@exemplo.com.br', origem: 1, diasAtras: 160 },
    { nome: 'Beatriz Castro Magalhães', documento: cpfDeBase('518627943'), nascimento: '1983-05-23', celular: '11954431414', email: 'bia.magalhaes@exemplo.com.br', endereco: { cep: '30130010', logradouro: 'Praça Sete de Setembro', numero: '55', bairro: 'Centro', cidade: 'Belo Horizonte', uf: 'MG' }, origem: 2, consentimentos: ['EMAIL'], diasAtras: 150 },
    { nome: 'Francisco das Chagas Moura', documento: cpfDeBase('629738154'), nascimento: '1962-08-16', celular: '11943321515', whatsapp: true, origem: 0, diasAtras: 140 },
    { nome: 'Letícia Albuquerque Santos', documento: cpfDeBase('731849265'), nascimento: aniversarioEsteMes(2003, 18), celular: '11932211616', whatsapp: true, email: 'leticia.santos@exemplo.com.br', origem: 1, consentimentos: ['WHATSAPP', 'EMAIL'], diasAtras: 120 },
    { nome: 'Rodrigo Vasconcelos Dias', documento: cpfDeBase('842951376'), nascimento: '1987-01-29', celular: '11921101717', origem: 2, diasAtras: 100 },
    { nome: 'Gabriela Antunes Peixoto', documento: cpfDeBase('953164827'), nascimento: '1993-11-02', celular: '11919091818', whatsapp: true, email: 'gabriela.peixoto@exemplo.com.br', origem: 0, consentimentos: ['WHATSAPP', 'SMS'], diasAtras: 80 },
    { nome: 'Édson Luiz Barbosa', documento: cpfDeBase('164285397'), nascimento: '1969-06-12', celular: '11998981919', origem: 1, diasAtras: 60 },
    { nome: 'Vitória Régia Cavalcanti', documento: cpfDeBase('275396418'), nascimento: '2001-02-20', celular: '11987872020', whatsapp: true, origem: 2, consentimentos: ['WHATSAPP'], diasAtras: 45 },
    { nome: 'Restaurante Sabor da Vila Ltda', documento: cnpjDeBase('452718390001'), celular: '1133452121', email: 'compras@saborvila.exemplo.com.br', endereco: { ...SE, numero: '300' }, origem: 0, observacoes: 'Cliente empresa: compras semanais para o restaurante.', diasAtras: 30 },
    { nome: 'Ateliê Ponto Fino ME', documento: cnpjDeBase('12ABC3450001'), celular: '11976762222', whatsapp: true, email: 'contato@pontofino.exemplo.com.br', origem: 1, consentimentos: ['EMAIL'], diasAtras: 15 },
    { nome: 'Cláudio Henrique Xavier', documento: cpfDeBase('386407529'), nascimento: '1980-09-14', celular: '11965652323', email: 'claudio.xavier@exemplo.com.br', origem: 0, diasAtras: 7 },
    { nome: 'Íris Monteiro Falcão', documento: cpfDeBase('497518263'), nascimento: aniversarioEsteMes(1974, 9), celular: '11954542424', whatsapp: true, origem: 2, consentimentos: ['WHATSAPP'], diasAtras: 2 },
  ];
}

/** The other network's customers (isolation checks look for them never leaking the other way either). */
export function clientesOutra(): ClienteDemo[] {
  return [
    { nome: 'Otília Padeira Souto', documento: cpfDeBase('111444777'), nascimento: '1970-05-05', celular: '21987000001', whatsapp: true, origem: 0, consentimentos: ['WHATSAPP'], diasAtras: 90 },
    { nome: 'Benedito Fornalha', documento: cpfDeBase('222555888'), celular: '21987000002', origem: 0, diasAtras: 40 },
    { nome: 'Quitéria Massa Fina', celular: '21987000003', email: 'quiteria@paoquente.exemplo.com.br', origem: 0, diasAtras: 5 },
  ];
}

/**
 * Error catalogue of spec §8, verbatim: the client shows these strings as they are,
 * so they live in one place and nowhere else is a copy typed.
 */
export const MENSAGENS = {
  naoAutenticado: 'Você não está autenticado!',
  erroServidorAtualize: 'Erro no servidor! Atualize a página e tente novamente!',
  erroServidorAtualizePonto: 'Erro no servidor. Atualize a página e tente novamente!',
  erroServidorRecarregue: 'Erro no servidor. Recarregue a página e tente novamente!',
  erroServidorCurto: 'Erro no servidor!',
  falhaServidor: 'Falha no servidor. Atualize a página e tente novamente.',
  loginFalha: 'Erro no servidor.',
  menuLog: 'Erro ao tentar carregar menu.',
  menuServidor: 'Erro no servidor.',
  tipoServidorLog: 'Erro ao tentar carregar tipo de servidor!',
  faturamentoLog: 'Erro ao carregar faturamento da empresa!',
  faturaRetentativa: 'Erro no servidor! Atualize a página e tente novamente.',
  consultorSenhaWhats: 'Falha no servidor. Atualize a página e tente novamente.',
  aniversariantesPrefixo: 'Erro no servidor: ',
} as const;

/** Messages the spec leaves to us; written once here so server and client agree. */
export const MENSAGENS_PRODUTO = {
  credenciaisInvalidas: 'Usuário ou senha inválidos.',
  tokenAplicacaoInvalido: 'Aplicação cliente não autorizada.',
  muitasTentativas: 'Muitas tentativas de login sem sucesso. Aguarde alguns minutos e tente novamente.',
  usuarioInativo: 'Usuário inativo. Procure o administrador da sua empresa.',
  xsrfInvalido: 'Sua sessão de segurança expirou. Atualize a página e tente novamente.',
  acessoNegado: 'Você não tem permissão para esta operação.',
  naoEncontrado: 'Registro não encontrado.',
  rotaNaoEncontrada: 'Endereço não encontrado.',
  jsonInvalido: 'O conteúdo enviado não é um JSON válido.',
  corpoGrande: 'O conteúdo enviado é grande demais.',
  tipoConteudo: 'Tipo de conteúdo não suportado.',
  dadosInvalidos: 'Dados inválidos.',
  textoInvalido: 'O texto contém caracteres inválidos.',
  conflito: 'O registro foi alterado por outra pessoa ou já existe.',
  sessaoExpirada: 'Sua sessão expirou. Entre novamente.',
} as const;

export const TITULOS_NOTIFICACAO = {
  erro: 'Erro',
  alerta: 'Alerta',
  sucesso: 'Sucesso',
  informacao: 'Informação',
} as const;

/** Constants of spec §9. */
export const CONSTANTES = {
  toastMs: 5000,
  cidadesMaximo: 10,
  numeroPedidoCurto: 4,
  nomeCurtoEmpresa: 20,
  breakpointMobile: 768,
  breakpointDesktop: 1024,
  animacaoMs: 400,
  popupLargura: 1000,
  popupAltura: 600,
  casasDecimaisBanner: 2,
  idioma: 'pt_BR',
  locale: 'pt-BR',
  chaveRememberMe: 'remember-me',
  chaveUrlAcesso: 'url-acesso-backoffice',
  confirmacaoTitulo: 'Confirmação',
  confirmacaoSim: 'Sim',
  confirmacaoNao: 'Não',
} as const;

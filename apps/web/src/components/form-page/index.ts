export { FormPage, type FormPageProps } from './form-page';
export { FormDrawer } from './form-drawer';
export { useFormPage, type FormPageControle, type OpcoesFormPage } from './use-form-page';
export { MENSAGEM_ALTERACOES_NAO_SALVAS, confirmarDescarte, useAvisoSaida } from './aviso-saida';
export { useRascunho } from './use-rascunho';

import type { ReactNode } from 'react';
import { List, Text, Title } from '@mantine/core';
import type { SlugPaginaEstatica } from './paginas-estaticas';

const Secao = ({ titulo, children }: { titulo: string; children: ReactNode }) => (
  <>
    <Title order={2} fz="h4" mt="lg" mb="xs">
      {titulo}
    </Title>
    {children}
  </>
);

const termos = (
  <>
    <Text>
      Estes termos regem o uso do back office do programa de fidelidade, cashback e cartões pelas empresas participantes e
      pelos seus colaboradores. Ao entrar no sistema, você declara que leu e concorda com eles.
    </Text>
    <Secao titulo="1. Acesso e credenciais">
      <Text>
        O acesso é pessoal e intransferível. Você é responsável por manter sua senha em sigilo e por todas as operações
        feitas com o seu usuário. Em caso de suspeita de uso indevido, altere a senha e avise o administrador da sua
        empresa.
      </Text>
    </Secao>
    <Secao titulo="2. Uso permitido">
      <List spacing={4}>
        <List.Item>Cadastrar e atender clientes do programa da sua empresa;</List.Item>
        <List.Item>Registrar vendas, resgates, cupons, sorteios e demais operações do programa;</List.Item>
        <List.Item>Consultar relatórios e exportar dados apenas para fins do próprio programa.</List.Item>
      </List>
    </Secao>
    <Secao titulo="3. Dados de clientes">
      <Text>
        A empresa participante é a controladora dos dados dos seus clientes e deve tratá-los de acordo com a Lei Geral de
        Proteção de Dados (Lei nº 13.709/2018), coletando apenas o necessário e respeitando os pedidos dos titulares.
      </Text>
    </Secao>
    <Secao titulo="4. Disponibilidade">
      <Text>
        Trabalhamos para manter o sistema disponível de forma contínua, mas podem ocorrer interrupções para manutenção ou
        por motivos alheios ao nosso controle. Manutenções programadas são avisadas com antecedência sempre que possível.
      </Text>
    </Secao>
    <Secao titulo="5. Alterações">
      <Text>
        Estes termos podem ser atualizados. A versão em vigor fica sempre disponível nesta página.
      </Text>
    </Secao>
  </>
);

const privacidade = (
  <>
    <Text>
      Esta política explica quais dados pessoais o back office trata, para quê e quais são os seus direitos, em conformidade
      com a Lei Geral de Proteção de Dados (LGPD).
    </Text>
    <Secao titulo="Dados que tratamos">
      <List spacing={4}>
        <List.Item>Dos usuários do sistema: nome, usuário, e-mail, perfil de acesso e registros de acesso;</List.Item>
        <List.Item>
          Dos clientes do programa, em nome da empresa participante: dados cadastrais, contatos, saldo e histórico de
          transações.
        </List.Item>
      </List>
    </Secao>
    <Secao titulo="Para que usamos">
      <Text>
        Para autenticar o acesso, operar o programa de fidelidade, enviar as mensagens autorizadas, cumprir obrigações
        legais e garantir a segurança do sistema. Não vendemos dados pessoais.
      </Text>
    </Secao>
    <Secao titulo="Cookies e armazenamento local">
      <Text>
        Usamos um cookie de sessão e um cookie de proteção contra falsificação de requisições, indispensáveis para o
        funcionamento do sistema. Quando você marca &quot;Lembrar-me&quot;, um código de acesso fica guardado apenas nesta
        aba do navegador.
      </Text>
    </Secao>
    <Secao titulo="Seus direitos">
      <Text>
        Você pode pedir acesso, correção, portabilidade ou eliminação dos seus dados, e saber com quem eles foram
        compartilhados. Clientes do programa devem fazer esses pedidos à empresa participante.
      </Text>
    </Secao>
    <Secao titulo="Guarda e segurança">
      <Text>
        Os dados ficam guardados pelo tempo necessário às finalidades acima ou exigido por lei, com senhas cifradas, acesso
        restrito por perfil e registro de auditoria das alterações.
      </Text>
    </Secao>
  </>
);

const planos = (
  <>
    <Text>
      O Bonifica é contratado por empresa (a matriz e as suas filiais). Durante o período experimental todas as funções
      do back office ficam liberadas; antes que ele termine, o administrador do faturamento da empresa escolhe o plano
      para continuar sem interrupções.
    </Text>
    <Secao titulo="Como escolher o plano hoje">
      <List spacing={4}>
        <List.Item>Fale com o nosso suporte pelo botão de ajuda do sistema ou pelo canal que você recebeu na contratação;</List.Item>
        <List.Item>Informe o nome da empresa e quantas lojas usam o programa;</List.Item>
        <List.Item>O plano é ativado pelo suporte e a fatura passa a aparecer no aviso do topo do back office.</List.Item>
      </List>
    </Secao>
    <Secao titulo="Em breve">
      <Text>A escolha e o pagamento do plano direto por esta página, sem falar com o suporte.</Text>
    </Secao>
  </>
);

export const CONTEUDO_PAGINAS: Record<SlugPaginaEstatica, ReactNode> = {
  'termos-de-uso': termos,
  'politica-de-privacidade': privacidade,
  planos,
};

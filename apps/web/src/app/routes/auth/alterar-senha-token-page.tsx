import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { alterarSenhaSchema, SENHA_MINIMO } from '@bonifica/contracts';
import { api, ApiError } from '../../../lib/api';
import { ErroAuth, TituloAuth } from './partes-formulario';

/** Reached from the e-mailed link /auth/alterar-senha?token=… (no session): sets a new password. */
export function Component() {
  const [parametros] = useSearchParams();
  const token = parametros.get('token')?.trim() ?? '';
  const [concluido, setConcluido] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const form = useForm({
    initialValues: { token, novaSenha: '', confirmacaoSenha: '' },
    validate: zod4Resolver(alterarSenhaSchema),
  });

  const enviar = form.onSubmit(async (valores) => {
    setErro(null);
    setEnviando(true);
    try {
      await api.post('user/changePassword', { token, novaSenha: valores.novaSenha, confirmacaoSenha: valores.confirmacaoSenha });
      setConcluido(true);
    } catch (e) {
      setErro(e instanceof ApiError ? e.message : String(e));
    } finally {
      setEnviando(false);
    }
  });

  if (!token) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h3">
          Link inválido
        </Title>
        <Text size="sm" c="dimmed">
          Este endereço não traz o código de troca de senha. Peça um novo link e abra-o direto do e-mail.
        </Text>
        <Button component={Link} to="/auth/esqueci-minha-senha" fullWidth>
          Pedir um novo link
        </Button>
      </Stack>
    );
  }

  if (concluido) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title="Senha alterada" role="status">
          Sua nova senha já está valendo. Entre com ela para continuar.
        </Alert>
        <Button component={Link} to="/auth/user/login" fullWidth>
          Ir para o login
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={enviar} noValidate>
      <Stack gap="md">
        <TituloAuth titulo="Criar nova senha">Use pelo menos {SENHA_MINIMO} caracteres.</TituloAuth>
        <ErroAuth erro={erro} />
        <PasswordInput label="Nova senha" autoComplete="new-password" autoFocus {...form.getInputProps('novaSenha')} />
        <PasswordInput
          label="Confirme a nova senha"
          autoComplete="new-password"
          {...form.getInputProps('confirmacaoSenha')}
        />
        <Button type="submit" fullWidth loading={enviando}>
          Salvar nova senha
        </Button>
        <Anchor component={Link} to="/auth/user/login" size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
}

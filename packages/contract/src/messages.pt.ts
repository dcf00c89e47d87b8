/** Every Portuguese text the two sides must agree on. SPEC §8 texts are verbatim. */
export const messages = {
  notFound: 'Registro não encontrado.',
  genericError: 'Não foi possível processar sua solicitação. Tente novamente mais tarde.',
  genericErrorShort: 'Não foi possível processar sua solicitação.',
  storageUnavailable:
    'O armazenamento de arquivos está indisponível no momento. Nada foi gravado; tente novamente em alguns minutos.',
  storageFull:
    'Não há espaço no servidor para guardar o arquivo. Nada foi gravado; tente novamente mais tarde ou avise o suporte.',
  fixErrors: 'Corrija os erros e tente novamente.',
  validationFailed: 'Os dados enviados são inválidos.',
  unauthenticated: 'Sessão expirada ou inválida. Entre novamente.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  rateLimited: 'Muitas tentativas. Aguarde alguns instantes e tente novamente.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em alguns instantes.',
  unsupportedMediaType:
    'O formato do conteúdo enviado não é aceito aqui. Envie JSON ou, com arquivos, um formulário multipart/form-data.',
  notMultipart: 'Este envio precisa ser um formulário multipart/form-data (com os campos e o arquivo).',
  invalidJsonPart: 'Uma parte do formulário declarada como JSON não contém um JSON válido.',
  downloading: 'Baixando o Arquivo...',
  downloadInProgress: 'Download em andamento...',

  auth: {
    invalidCredentials: 'E-mail ou senha inválidos.',
    locked: 'Usuário bloqueado por excesso de tentativas. Tente novamente em 15 minutos.',
    inactive: 'Usuário inativo. Procure o administrador do sistema.',
    unsupportedGrant: 'Tipo de concessão não suportado.',
    invalidClient: 'Cliente inválido.',
    recaptcha: 'Não foi possível validar o reCAPTCHA. Tente novamente.',
    wrongCurrentPassword: 'A senha atual está incorreta.',
    weakPassword: 'A senha deve ter ao menos 8 caracteres, com letras e números.',
    samePassword: 'A nova senha deve ser diferente da atual.',
    passwordChanged: 'Senha alterada com sucesso!',
    resetRequested:
      'Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir a senha.',
    resetInvalid: 'Link de redefinição inválido ou expirado. Solicite um novo.',
    blockedUser: 'Usuário bloqueado ou credenciais inválidas.',
    tooManyPasswordAttempts:
      'Muitas tentativas com a senha atual incorreta. Aguarde 15 minutos e tente novamente.',
  },

  mfa: {
    required: 'Informe o código de verificação do aplicativo autenticador.',
    invalidCode: 'Código de verificação inválido ou já utilizado.',
    challengeExpired: 'A verificação expirou. Entre novamente com e-mail e senha.',
    locked: 'Verificação bloqueada por excesso de tentativas. Tente novamente em 15 minutos.',
    enrollmentRequired:
      'O seu perfil exige a verificação em duas etapas. Ative-a para continuar usando o sistema.',
    alreadyEnabled: 'A verificação em duas etapas já está ativa.',
    notEnabled: 'A verificação em duas etapas não está ativa.',
    setupFirst: 'Gere o QR code antes de confirmar o código.',
    requiredByRole: 'O seu perfil exige a verificação em duas etapas: ela não pode ser desativada.',
  },

  session: {
    notFound: 'Sessão não encontrada.',
  },

  field: {
    required: 'Campo obrigatório.',
    email: 'Informe um e-mail válido.',
    cpf: 'CPF inválido.',
    cnpj: 'CNPJ inválido.',
    tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
    tooShort: (min: number) => `Use ao menos ${min} caracteres.`,
    invalidOption: 'Opção inválida.',
    invalidText: 'Contém caracteres inválidos (como o caractere nulo). Remova-os e tente novamente.',
    date: 'Data inválida.',
  },

  user: {
    emailTaken: 'Este e-mail já está em uso por outro usuário.',
    roleNotAllowed: 'Você não pode atribuir este perfil.',
    associationRequired: 'Informe a associação comercial do usuário.',
    exporterRequired: 'Informe o exportador do usuário.',
    dispatcherRequired: 'Informe o despachante do usuário.',
    manufacturerRequired: 'Informe o fabricante do usuário.',
    federationRequired: 'Informe a federação do usuário.',
    confederationRequired: 'Informe a confederação do usuário.',
    cannotDeleteSelf: 'Você não pode excluir o seu próprio usuário.',
    created: 'Usuário cadastrado com sucesso!',
    updated: 'Usuário editado com sucesso!',
    deleted: 'Usuário excluído com sucesso!',
  },

  role: {
    nameTaken: 'Já existe um perfil com este nome.',
    inUse: 'Este perfil não pode ser excluído: há usuários vinculados a ele.',
    system: 'Perfis do sistema não podem ser excluídos.',
    typeInUse: 'O tipo não pode mudar enquanto houver usuários com este perfil.',
    adminLocked:
      'O perfil Administrador precisa continuar ativo e com as permissões de manter perfis e usuários.',
    created: 'Perfil cadastrado com sucesso!',
    updated: 'Perfil editado com sucesso!',
    deleted: 'Perfil excluído com sucesso!',
  },

  lookup: {
    created: 'Registro cadastrado com sucesso!',
    updated: 'Registro editado com sucesso!',
    deleted: 'Registro excluído com sucesso!',
    inUse: 'Este registro está em uso e não pode ser excluído.',
  },

  // SPEC §8 success dialogs, verbatim.
  success: {
    federationCreated: 'Nova Federação cadastrado com sucesso !',
    federationUpdated: 'Federação editado com sucesso !',
    federationDeleted: 'Federação deletado com sucesso !',
    confederationCreated: 'Nova Confederação cadastrado com sucesso !',
    confederationUpdated: 'Confederação editado com sucesso !',
    confederationDeleted: 'Confederação deletado com sucesso !',
  },
} as const;

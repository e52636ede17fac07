/** The Política de Privacidade (/privacidade): a chunk of its own (the legal page is lazy-loaded). */
import { PRIVACY_POLICY_VERSION } from '@/contracts/newsletter';
import type { LegalDocument } from './legal-content';

/** "2026-11-29" → "Versão de 29/11/2026". */
function versionLabel(version: string): string {
  const [year, month, day] = version.split('-');
  return `Versão de ${day}/${month}/${year}.`;
}

export function privacyPolicy(contactEmail: string): LegalDocument {
  return {
    title: 'Política de Privacidade',
    version: versionLabel(PRIVACY_POLICY_VERSION),
    intro:
      'Esta política explica, em linguagem simples, quais dados pessoais o Ponte IIoT trata, por que, por quanto tempo, com quem e como você exerce seus direitos pela Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).',
    sections: [
      {
        title: 'O que coletamos',
        paragraphs: [
          'Dados da conta: nome, e-mail e telefone de quem usa o portal.',
          'Dados da empresa: razão social, CNPJ, endereço e contatos da montadora.',
          'Dados da frota: máquinas, gateways, clientes finais e o histórico de acessos remotos.',
          'Dados de acesso: data e hora de entrada, ações feitas no portal e sessões de VPN.',
          'Relatórios de erro: quando algo falha, um relatório técnico sem senhas, tokens, e-mails, CNPJs ou números de cartão. O navegador também nos avisa quando bloqueia algo pela política de segurança do site; guardamos só a página e o recurso bloqueado, sem parâmetros do endereço.',
          'Newsletter: o e-mail que você inscreve, a data e a hora do seu consentimento e a versão desta política que você aceitou.',
          'Um único cookie funcional: guarda se a barra lateral do portal está aberta ou recolhida. Não usamos cookies de publicidade nem de rastreamento.',
        ],
      },
      {
        title: 'Por que coletamos',
        paragraphs: [
          'Para prestar o serviço contratado (execução de contrato): criar sua conta, conectar suas máquinas e permitir o suporte remoto.',
          'Para cumprir obrigações legais e fiscais, como a emissão e a guarda de notas e pedidos.',
          'Para manter o serviço seguro e funcionando (legítimo interesse): registrar acessos e corrigir erros.',
          'Para enviar a newsletter, somente com o seu consentimento, que pode ser retirado a qualquer momento.',
        ],
      },
      {
        title: 'Por quanto tempo guardamos',
        paragraphs: [
          'Dados da conta, da empresa e da frota: enquanto a conta existir. Ao excluir a conta, são apagados 14 dias depois do pedido (até lá, qualquer Administrador pode cancelar); ficam só o nome e o CNPJ da empresa, de que os pedidos guardados precisam.',
          'Pedidos e dados fiscais: pelo prazo legal de guarda fiscal (5 anos), com os campos pessoais anonimizados (nomes, e-mails e endereço de entrega, exceto CEP, cidade e UF).',
          'Registros de acesso (data, hora e IP): 6 meses, como pede o Marco Civil da Internet; depois da exclusão da conta, sem nome nem e-mail.',
          'Relatórios de erro: 90 dias.',
          'E-mail da newsletter: até você cancelar a inscrição; depois, só o registro do consentimento e do cancelamento, para comprovar que respeitamos sua escolha.',
        ],
      },
      {
        title: 'Quem trata os dados conosco',
        paragraphs: [
          'Serviço de identidade: Firebase Authentication (Google), para entrar na conta.',
          'Hospedagem: Cloudflare, onde o site, o portal e a API funcionam.',
          'Relatórios de erro: Sentry, que recebe os relatórios técnicos já sem dados pessoais.',
          'Plataforma de pagamento: recebe os dados do cartão diretamente; nós guardamos apenas a bandeira e os quatro últimos dígitos.',
        ],
      },
      {
        title: 'Seus direitos',
        paragraphs: [
          'Pelo art. 18 da LGPD você pode: confirmar se tratamos seus dados, acessá-los, corrigi-los, pedir anonimização, bloqueio ou eliminação, portabilidade, saber com quem os compartilhamos e retirar o consentimento.',
          'No portal, em Configurações → Privacidade e dados, um Administrador da conta baixa uma cópia de todos os dados (JSON e planilhas CSV), e o Titular (quem cadastrou a empresa) pede a exclusão da conta.',
          `Para exercer qualquer um deles, escreva para ${contactEmail}. Respondemos em até 15 dias.`,
          'Se não ficar satisfeito, você pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD), em www.gov.br/anpd.',
        ],
      },
    ],
  };
}

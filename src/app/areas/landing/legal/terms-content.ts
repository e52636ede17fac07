/**
 * The Termos de Uso (/termos), with the Anexo de Tratamento de Dados: plain pt-BR for a B2B customer's legal team.
 * A chunk of its own (the legal page is lazy-loaded). Changing the text means a new TERMS_VERSION
 * (src/contracts/terms.ts): accounts that accepted an older version are asked to accept it in the portal.
 */
import { TERMS_VERSION, termsDateLabel } from '@/contracts/terms';
import type { LegalDocument } from './legal-content';

export function termsOfUse(contactEmail: string): LegalDocument {
  return {
    title: 'Termos de Uso',
    version: `Versão de ${termsDateLabel(TERMS_VERSION)}.`,
    intro:
      'Estes termos são o contrato entre a Ponte IIoT e a empresa que cria uma conta no portal (o "Cliente"). Eles valem para o site, o portal, as APIs, os gateways e a VPN do Ponte IIoT. Quem cria a conta declara ter poderes para aceitar estes termos em nome da empresa. Ao criar a conta, ou ao aceitar uma nova versão no portal, o Cliente concorda com eles, com o Anexo de Tratamento de Dados (no fim desta página) e com a Política de Privacidade.',
    sections: [
      {
        title: '1. O serviço',
        paragraphs: [
          'O Ponte IIoT é uma plataforma para montadoras de máquinas: gateways instalados nas máquinas, uma VPN por máquina, acesso remoto pelo navegador para suporte técnico, cadastro de clientes finais e máquinas, alertas, webhooks e registro de auditoria.',
          'O Cliente usa o portal para gerenciar sua equipe (perfis Administrador, Técnico e Leitura), sua frota e os acessos remotos às máquinas que instalou nos seus clientes finais.',
          'Gateways e planos de conectividade são comprados no portal. A descrição, o preço e as condições de cada item aparecem antes da confirmação do pedido e valem como parte deste contrato.',
        ],
      },
      {
        title: '2. Disponibilidade e suporte',
        paragraphs: [
          'Nossa meta é manter o portal, a API e a VPN disponíveis 99,5% do tempo em cada mês, sem contar manutenções programadas. Avisamos as manutenções programadas por e-mail aos Administradores da conta com pelo menos 48 horas de antecedência e as fazemos, sempre que possível, fora do horário comercial.',
          'O serviço depende de internet, energia e rede no local da máquina, que não controlamos. Quando o gateway perde a conexão, a máquina continua funcionando; só o acesso remoto fica indisponível até a conexão voltar.',
          `O suporte técnico atende em dias úteis, das 8h às 18h (horário de Brasília), pelo e-mail ${contactEmail}. Falhas que impedem todo o acesso ao serviço têm prioridade.`,
          'A meta de disponibilidade não gera multa nem desconto automático, salvo se um contrato assinado à parte com o Cliente disser o contrário.',
        ],
      },
      {
        title: '3. Pedidos, preços e pagamento',
        paragraphs: [
          'Os preços aparecem no portal, em reais, antes de cada pedido. Um pedido feito guarda os preços daquele momento: uma mudança de preço posterior não altera pedidos já feitos.',
          'O pagamento é feito pelos meios oferecidos no portal. Os dados do cartão vão diretamente para a plataforma de pagamento; guardamos apenas a bandeira e os quatro últimos dígitos.',
          'Notas fiscais e registros dos pedidos são guardados pelo prazo fiscal (5 anos), inclusive depois do encerramento da conta.',
        ],
      },
      {
        title: '4. Responsabilidades do Cliente',
        paragraphs: [
          'Manter corretos os dados da empresa e da conta, e cuidar de quem recebe acesso: o Cliente responde pelos atos das pessoas que convida para a sua equipe e pelos perfis que dá a cada uma.',
          'Guardar em sigilo senhas, credenciais e arquivos de configuração de VPN, e nos avisar sem demora se suspeitar de uso indevido.',
          'Acessar remotamente somente máquinas que instalou ou mantém, com a autorização do cliente final quando ela for exigida (inclusive pela "aprovação da fábrica", quando configurada).',
          'Informar aos seus clientes finais que usa o Ponte IIoT para suporte remoto e tratar os dados pessoais deles conforme a lei (veja a seção 7 e o Anexo).',
          'Não usar o serviço para atividades ilegais, não tentar burlar a segurança, não acessar dados de outras contas, não sobrecarregar o serviço de propósito e não revender o acesso sem contrato com a Ponte IIoT.',
          'Manter os gateways instalados conforme as instruções, em local adequado, e não alterar o seu software.',
        ],
      },
      {
        title: '5. Responsabilidades da Ponte IIoT',
        paragraphs: [
          'Prestar o serviço com cuidado profissional, conforme estes termos e as descrições do portal.',
          'Proteger as informações do Cliente com medidas técnicas e administrativas adequadas: comunicação criptografada, acesso restrito por perfil, registro de acessos e auditoria, e uma VPN isolada por máquina.',
          'Não inspecionar nem guardar o conteúdo do tráfego que passa pela VPN entre o técnico e a máquina; guardamos apenas o registro de quem acessou, quando e de onde.',
          'Avisar o Cliente sobre incidentes de segurança que afetem seus dados, como descrito no Anexo, e sobre mudanças relevantes no serviço.',
          'Permitir que o Cliente baixe uma cópia dos seus dados a qualquer momento, em Configurações → Privacidade e dados.',
        ],
      },
      {
        title: '6. Confidencialidade e propriedade intelectual',
        paragraphs: [
          'Cada parte mantém em sigilo as informações não públicas que receber da outra e as usa somente para executar este contrato. O dever de sigilo continua por 5 anos depois do encerramento.',
          'O software, a marca e a documentação do Ponte IIoT pertencem à Ponte IIoT. O Cliente recebe uma licença de uso, não exclusiva e intransferível, enquanto a conta estiver ativa.',
          'Os dados que o Cliente cadastra continuam sendo do Cliente. Só os usamos para prestar o serviço, cumprir a lei e, de forma agregada e anônima, medir e melhorar o serviço.',
        ],
      },
      {
        title: '7. Proteção de dados pessoais (LGPD)',
        paragraphs: [
          'Pela Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018), o Cliente é o controlador dos dados pessoais dos seus clientes finais, das pessoas que usam as máquinas e da sua equipe que ele cadastra no portal: é ele quem decide por que e como esses dados são tratados.',
          'A Ponte IIoT é operadora desses dados: trata-os somente em nome do Cliente, segundo as instruções destes termos e do Anexo de Tratamento de Dados, que faz parte deste contrato.',
          'Para os dados que tratamos para finalidades próprias (a conta e o contato de quem usa o portal, a cobrança, a segurança do serviço e a newsletter), a Ponte IIoT é controladora, e vale a Política de Privacidade.',
        ],
      },
      {
        title: '8. Suspensão',
        paragraphs: [
          'Podemos suspender, no todo ou em parte, o acesso de uma conta ou de uma pessoa quando houver: risco à segurança do serviço ou de outros clientes, uso contrário a estes termos ou à lei, ordem de autoridade competente, ou pagamento em atraso há mais de 30 dias.',
          'Sempre que possível avisamos antes, dizendo o motivo e o que resolver, e damos prazo razoável para a correção. Em risco grave e imediato de segurança a suspensão pode ser imediata, com aviso logo em seguida.',
          'A suspensão termina assim que o motivo for resolvido. Durante a suspensão os dados do Cliente são mantidos.',
        ],
      },
      {
        title: '9. Encerramento',
        paragraphs: [
          'O Cliente pode encerrar este contrato a qualquer momento: o Titular (quem cadastrou a empresa) pede a exclusão da conta em Configurações → Privacidade e dados, ou pelo e-mail de contato abaixo. A exclusão acontece 14 dias depois do pedido; até lá qualquer Administrador pode cancelá-la.',
          'A Ponte IIoT pode encerrar o contrato com aviso de pelo menos 60 dias, ou de imediato se o Cliente descumprir estes termos de forma grave e não corrigir o problema em 15 dias depois de avisado.',
          'Com o encerramento, o acesso de toda a equipe termina e os dados da conta são apagados, exceto os que a lei manda guardar: os pedidos ficam guardados pelo prazo fiscal (5 anos), sem dados pessoais, e os registros de acesso por 6 meses, como pede o Marco Civil da Internet. Antes de pedir a exclusão, o Cliente pode baixar uma cópia de todos os seus dados.',
          'Valores de pedidos já entregues continuam devidos. As seções de confidencialidade, limites de responsabilidade, proteção de dados e foro continuam valendo depois do encerramento.',
        ],
      },
      {
        title: '10. Limites de responsabilidade',
        paragraphs: [
          'O Ponte IIoT é uma ferramenta de conectividade e suporte remoto: não controla as máquinas nem substitui os dispositivos de segurança delas. O que é feito numa máquina durante um acesso remoto é responsabilidade de quem o faz e do Cliente.',
          'Nenhuma das partes responde por lucros cessantes, perda de produção ou outros danos indiretos, nem por falhas causadas por caso fortuito ou força maior, por redes e serviços de terceiros fora do seu controle ou por uso contrário a estes termos.',
          'A responsabilidade total de cada parte por este contrato fica limitada ao valor pago pelo Cliente à Ponte IIoT nos 12 meses anteriores ao fato que a originou.',
          'Esses limites não se aplicam a danos causados com dolo ou culpa grave, à violação do dever de sigilo, às obrigações de proteção de dados pessoais, nem aos casos em que a lei não permite limitar a responsabilidade.',
        ],
      },
      {
        title: '11. Mudanças nestes termos',
        paragraphs: [
          'Podemos atualizar estes termos. Cada versão tem a sua data, mostrada no início desta página, e guardamos qual versão cada conta aceitou, quando e por quem.',
          'Mudanças relevantes são avisadas com pelo menos 30 dias de antecedência, por e-mail aos Administradores da conta e no portal. Mudanças exigidas por lei ou por segurança podem valer antes, com aviso.',
          'Quando uma nova versão entra em vigor, o portal pede que um Administrador da conta a aceite. Se o Cliente não concordar, pode encerrar o contrato sem multa, como descrito na seção 9.',
        ],
      },
      {
        title: '12. Lei aplicável e foro',
        paragraphs: [
          'Este contrato segue as leis da República Federativa do Brasil.',
          'As partes tentarão primeiro resolver qualquer divergência por negociação direta. Não havendo acordo, fica eleito o foro da Comarca de Campinas, Estado de São Paulo, com renúncia a qualquer outro, por mais privilegiado que seja.',
        ],
      },
      {
        title: '13. Contato',
        paragraphs: [`Dúvidas sobre estes termos, avisos e pedidos do Cliente: ${contactEmail}.`],
      },
    ],
    annexes: [
      {
        title: 'Anexo de Tratamento de Dados',
        intro:
          'Este anexo faz parte dos Termos de Uso e regula o tratamento de dados pessoais que a Ponte IIoT (operadora) faz em nome do Cliente (controlador), conforme o art. 39 da LGPD.',
        sections: [
          {
            title: 'A. Objeto, finalidade e duração',
            paragraphs: [
              'A Ponte IIoT trata os dados pessoais somente para prestar o serviço descrito nos Termos de Uso: guardar o cadastro de clientes finais e máquinas, conectar gateways, permitir e registrar acessos remotos, enviar os e-mails e alertas configurados pelo Cliente e manter o serviço seguro.',
              'O tratamento dura enquanto o contrato estiver em vigor, mais os prazos de exclusão e de guarda legal descritos na seção 9 dos Termos de Uso.',
            ],
          },
          {
            title: 'B. Dados e titulares',
            paragraphs: [
              'Titulares: as pessoas da equipe do Cliente, os contatos dos seus clientes finais e as pessoas que acessam as máquinas pela VPN.',
              'Dados: nome, e-mail, telefone, empresa, cargo ou perfil, endereços de entrega, identificadores de máquinas e gateways, e registros de acesso (quem, quando, de qual endereço IP e a qual máquina). O Cliente não deve cadastrar dados pessoais sensíveis no serviço.',
            ],
          },
          {
            title: 'C. Instruções do Cliente',
            paragraphs: [
              'A Ponte IIoT segue as instruções documentadas do Cliente, que são estes termos e as configurações que ele faz no portal. Se uma instrução contrariar a LGPD, a Ponte IIoT avisa o Cliente e pode deixar de cumpri-la.',
              'A Ponte IIoT não usa esses dados para finalidades próprias, não os vende e não os compartilha, exceto com os suboperadores abaixo ou por ordem legal de autoridade competente, da qual avisa o Cliente quando a lei permitir.',
            ],
          },
          {
            title: 'D. Segurança e sigilo',
            paragraphs: [
              'A Ponte IIoT mantém medidas técnicas e administrativas adequadas: criptografia em trânsito, segredos guardados cifrados, acesso por perfil e pelo princípio do menor privilégio, registro de auditoria das alterações, isolamento de cada máquina na VPN e cópias de segurança.',
              'Só têm acesso aos dados as pessoas da Ponte IIoT que precisam dele para prestar o serviço, todas obrigadas a manter sigilo.',
            ],
          },
          {
            title: 'E. Suboperadores',
            paragraphs: [
              'O Cliente autoriza o uso destes suboperadores: Cloudflare (hospedagem do site, do portal, da API e do banco de dados), Google Firebase Authentication (identidade e login), Sentry (relatórios de erro, sem dados pessoais), o provedor de envio de e-mails e a plataforma de pagamento.',
              'A Ponte IIoT exige de cada suboperador obrigações de proteção de dados equivalentes às deste anexo e responde por eles perante o Cliente. Avisamos a inclusão ou troca de um suboperador com 30 dias de antecedência; o Cliente pode se opor por motivo razoável e, sem acordo, encerrar o contrato sem multa.',
              'Alguns suboperadores podem tratar dados fora do Brasil. Essas transferências seguem o art. 33 da LGPD e as normas da ANPD, com cláusulas contratuais que garantem proteção equivalente.',
            ],
          },
          {
            title: 'F. Direitos dos titulares',
            paragraphs: [
              'Os pedidos dos titulares sobre dados do Cliente (acesso, correção, eliminação, portabilidade e outros do art. 18 da LGPD) são respondidos pelo Cliente, como controlador. A Ponte IIoT encaminha ao Cliente, em até 5 dias úteis, qualquer pedido que receber diretamente e o ajuda a atendê-lo: o portal permite corrigir e apagar cadastros e baixar uma cópia de todos os dados da conta.',
            ],
          },
          {
            title: 'G. Incidentes de segurança',
            paragraphs: [
              'Se ocorrer um incidente de segurança que possa afetar dados pessoais do Cliente, a Ponte IIoT avisa os Administradores da conta sem demora indevida, em até 48 horas depois de confirmá-lo, com o que se sabe: a natureza do incidente, os dados e titulares afetados, as medidas tomadas e um contato para acompanhamento.',
              'A Ponte IIoT colabora com o Cliente na comunicação à ANPD e aos titulares, que cabe ao Cliente como controlador.',
            ],
          },
          {
            title: 'H. Fim do tratamento',
            paragraphs: [
              'Com o encerramento do contrato, a Ponte IIoT apaga os dados pessoais tratados em nome do Cliente nos prazos da seção 9 dos Termos de Uso, exceto os que a lei manda guardar. Cópias de segurança da infraestrutura expiram em até 30 dias. Antes da exclusão, o Cliente pode baixar uma cópia de todos os seus dados.',
            ],
          },
          {
            title: 'I. Comprovação',
            paragraphs: [
              `A Ponte IIoT fornece ao Cliente, a pedido por escrito para ${contactEmail} e no máximo uma vez por ano (ou após um incidente), as informações necessárias para demonstrar o cumprimento deste anexo, como descrições das medidas de segurança e a lista atualizada de suboperadores.`,
            ],
          },
        ],
      },
    ],
  };
}

/** The landing's copy, in one place (pt-BR). Prices are integer centavos, per gateway per month. */

export type SectionId = 'benefits' | 'features' | 'pricing' | 'testimonials' | 'faq';

/** The in-page menu, in page order. */
export const NAV_ITEMS: ReadonlyArray<{ id: SectionId; label: string }> = [
  { id: 'benefits', label: 'Benefícios' },
  { id: 'features', label: 'Recursos' },
  { id: 'pricing', label: 'Planos' },
  { id: 'testimonials', label: 'Depoimentos' },
  { id: 'faq', label: 'Dúvidas' },
];

export type BenefitIcon = 'support' | 'shield' | 'receipt' | 'cnpj';

export const BENEFITS: ReadonlyArray<{ icon: BenefitIcon; title: string; text: string }> = [
  {
    icon: 'support',
    title: 'Suporte remoto sem viagem',
    text:
      'Diagnostique o CLP, ajuste a receita na IHM e acompanhe a partida da máquina do seu escritório. ' +
      'Menos técnico na estrada, cliente produzindo mais cedo.',
  },
  {
    icon: 'shield',
    title: 'Uma VPN por máquina, com prazo',
    text:
      'Cada gateway tem seu próprio túnel criptografado. Você libera o técnico certo para a máquina certa por ' +
      'tempo limitado — o acesso expira sozinho e a rede do cliente continua isolada.',
  },
  {
    icon: 'receipt',
    title: 'Cobrança em reais, com nota fiscal',
    text:
      'Pague com Pix, boleto ou cartão de crédito e receba a NF-e no CNPJ da sua empresa. ' +
      'Sem câmbio, sem IOF, sem cartão internacional.',
  },
  {
    icon: 'cnpj',
    title: 'CNPJ alfanumérico pronto',
    text:
      'Montadoras e clientes são cadastrados com o CNPJ numérico ou no formato alfanumérico em vigor desde ' +
      'julho de 2026, sempre com conferência dos dígitos verificadores.',
  },
];

export type FeatureIcon = 'gateway' | 'qr' | 'browser' | 'history' | 'models' | 'factory';

export const FEATURES: ReadonlyArray<{ icon: FeatureIcon; title: string; text: string }> = [
  {
    icon: 'gateway',
    title: 'Gateway Ponte G1',
    text:
      '4G com chip multioperadora, Ethernet e Wi-Fi no mesmo equipamento. Troca de link automática, ' +
      'alimentação 24 Vcc e fixação em trilho DIN dentro do painel.',
  },
  {
    icon: 'qr',
    title: 'Provisionamento pelo pedido',
    text:
      'Pagou, provisionou: cada gateway do pedido já sai com código de configuração e QR code para a ' +
      'etiqueta. Escaneie na instalação e a máquina aparece no portal.',
  },
  {
    icon: 'browser',
    title: 'Configuração pelo navegador',
    text:
      'O assistente Configurar Conexão vai do código ao teste de conexão ao vivo. Nenhuma ferramenta ' +
      'desktop para instalar no notebook do técnico.',
  },
  {
    icon: 'history',
    title: 'Histórico de acessos em CSV',
    text:
      'Quem acessou cada máquina, quando, por quanto tempo, de qual IP e quantos dados trafegaram. ' +
      'Exporte em CSV para auditoria ou para enviar ao seu cliente.',
  },
  {
    icon: 'models',
    title: 'Modelos de máquina',
    text:
      'Cadastre o modelo uma vez com os serviços padrão — IHM, CLP, VNC, RDP, SSH, Modbus TCP, S7 — e ' +
      'cada máquina nova já nasce com tudo configurado.',
  },
  {
    icon: 'factory',
    title: 'Parque instalado organizado',
    text:
      'Cada máquina ligada ao cliente, ao número de série e ao gateway. Encontre qualquer equipamento ' +
      'vendido em segundos e veja se está on-line agora.',
  },
];

export const STEPS: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Compre os gateways no portal', text: 'Pix, boleto ou cartão. Cada gateway já vem provisionado.' },
  { title: 'Instale e escaneie o QR code', text: 'O gateway se apresenta e a máquina entra no portal.' },
  { title: 'Acesse pelo navegador', text: 'Libere técnicos por prazo e acompanhe cada acesso.' },
];

export interface Plan {
  id: 'essencial' | 'profissional' | 'industria';
  name: string;
  /** Centavos per gateway per month. */
  priceCents: number;
  summary: string;
  includes: string[];
  featured?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'essencial',
    name: 'Essencial',
    priceCents: 4900,
    summary: 'Para começar a atender à distância as primeiras máquinas.',
    includes: [
      'VPN dedicada para cada máquina',
      'Até 3 usuários técnicos',
      'Acesso pelo navegador a IHM, CLP e computadores',
      'Histórico de acessos dos últimos 30 dias',
      'Suporte por e-mail em horário comercial',
    ],
  },
  {
    id: 'profissional',
    name: 'Profissional',
    priceCents: 8900,
    summary: 'Para montadoras com equipe de pós-venda e parque crescendo.',
    featured: true,
    includes: [
      'Tudo do Essencial',
      'Usuários técnicos ilimitados',
      'Acessos com data e hora para expirar',
      'Histórico de 12 meses com exportação em CSV',
      'Modelos de máquina com serviços padrão',
      'Suporte por WhatsApp e telefone',
    ],
  },
  {
    id: 'industria',
    name: 'Indústria',
    priceCents: 14900,
    summary: 'Para grandes parques instalados e contratos com SLA.',
    includes: [
      'Tudo do Profissional',
      'Histórico de acessos por 5 anos',
      'SLA de 99,9% de disponibilidade',
      'Gerente de conta dedicado',
      'Faturamento consolidado com boleto em 30 dias',
    ],
  },
];

export const TESTIMONIALS: ReadonlyArray<{ quote: string; name: string; role: string; company: string }> = [
  {
    quote:
      'Metade dos chamados que viravam viagem para o Nordeste hoje resolvemos em menos de uma hora, pelo ' +
      'navegador. O cliente nem precisa chamar a TI dele.',
    name: 'Carla Menezes',
    role: 'Gerente de pós-venda',
    company: 'Termoformadoras Vale Sereno — Joinville, SC',
  },
  {
    quote:
      'O que convenceu nosso diretor foi o histórico: conseguimos mostrar ao cliente exatamente quem entrou na ' +
      'injetora, quando e por quanto tempo. E a nota fiscal sai em reais, sem dor de cabeça com câmbio.',
    name: 'Rogério Tavares',
    role: 'Diretor técnico',
    company: 'Injetoras Campo Alto — Caxias do Sul, RS',
  },
  {
    quote:
      'O gateway chega com o QR code na etiqueta. O eletricista do cliente instala, escaneia e a máquina aparece ' +
      'para nós. Acabou o técnico passando a tarde configurando VPN.',
    name: 'Juliana Okada',
    role: 'Coordenadora de automação',
    company: 'Okada Embaladoras — Londrina, PR',
  },
];

export const FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'Preciso instalar algum programa no computador do técnico?',
    answer:
      'Não para configurar e administrar: cadastro de máquinas, configuração do gateway, liberação de acessos e ' +
      'histórico ficam no navegador. Quando o técnico precisa usar o software do fabricante do CLP, o portal ' +
      'gera em um clique o arquivo de configuração da VPN daquela máquina.',
  },
  {
    question: 'A rede do meu cliente fica exposta?',
    answer:
      'Não. O gateway abre apenas uma conexão de saída criptografada, sem portas abertas no firewall da fábrica. ' +
      'Cada máquina fica em uma VPN própria e só chegam a ela os usuários que você autorizar, pelo tempo que você ' +
      'definir.',
  },
  {
    question: 'Quais equipamentos consigo acessar?',
    answer:
      'Qualquer equipamento IP na rede da máquina: IHMs e CLPs (Siemens S7, Modbus TCP e outros), computadores ' +
      'por RDP ou VNC, equipamentos Linux por SSH e interfaces web em HTTP ou HTTPS.',
  },
  {
    question: 'O gateway funciona sem internet cabeada na fábrica?',
    answer:
      'Sim. O Ponte G1 tem modem 4G com chip multioperadora, além de Ethernet e Wi-Fi. Ele usa o link disponível e ' +
      'volta para o cabo automaticamente quando ele retorna.',
  },
  {
    question: 'Como funciona o provisionamento dos gateways?',
    answer:
      'Quando o pagamento do pedido é confirmado, cada gateway recebe um código de configuração e um QR code para ' +
      'a etiqueta. Na instalação, basta escanear o código ou digitá-lo em Configurar Conexão e seguir o passo a ' +
      'passo até o teste de conexão.',
  },
  {
    question: 'Quais formas de pagamento são aceitas?',
    answer:
      'Pix, boleto bancário e cartão de crédito, com parcelamento na compra de gateways. Todas as cobranças são em ' +
      'reais, com nota fiscal eletrônica emitida para o CNPJ da sua empresa.',
  },
  {
    question: 'Vocês aceitam o CNPJ alfanumérico?',
    answer:
      'Sim. O cadastro aceita o CNPJ só com números e o formato alfanumérico em vigor desde julho de 2026, com ' +
      'conferência dos dígitos verificadores nos dois casos.',
  },
  {
    question: 'Posso mudar de plano ou cancelar?',
    answer:
      'Sim, a qualquer momento e sem multa. A mudança vale a partir do próximo ciclo de cobrança, e os gateways ' +
      'comprados continuam sendo seus.',
  },
];

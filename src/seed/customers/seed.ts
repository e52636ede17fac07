/**
 * Seeded customers: 48 client factories of the demo builder across the country (numeric and alphanumeric CNPJs,
 * some without e-mail or phone) and two of the other builder, one of them with the same CNPJ as one of the demo
 * builder's (each builder's list is its own); one requires the factory's approval of remote access. Deterministic for
 * a given `now`.
 */
import type { Uf } from '@/contracts/validators/fields';
import { cnpjFromBase, DAY, DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed/utils';
import type { CustomerRecord } from './records';

/** [razão social, nome fantasia, CNPJ base (12), cidade, UF, telefone (dígitos) ou '', tem e-mail] */
type CustomerSpec = [string, string, string, string, Uf, string, boolean];

const SPECS: CustomerSpec[] = [
  ['Metalúrgica Vale do Aço Ltda', 'Vale do Aço', '314459820001', 'Ipatinga', 'MG', '3138224410', true],
  ['Alimentos Serra Gaúcha S.A.', 'Serra Gaúcha Alimentos', '871205540001', 'Caxias do Sul', 'RS', '5432217788', true],
  ['Plásticos Paraná Indústria e Comércio Ltda', 'PlastPR', '763180020001', 'Curitiba', 'PR', '4133469021', true],
  ['Têxtil Nordeste S.A.', 'Têxtil NE', '079136650001', 'Fortaleza', 'CE', '8532615530', true],
  ['Usinagem Campinas Ltda', 'UsiCamp', '12ABC34501DE', 'Campinas', 'SP', '1932951180', true],
  ['Cerâmica Santa Gertrudes Ltda', 'Cerâmica SG', '548701130001', 'Santa Gertrudes', 'SP', '1935456620', true],
  ['Indústria de Bebidas Amazônia Ltda', 'Guaraná Amazônia', '045673210001', 'Manaus', 'AM', '9236331200', true],
  ['Frigorífico Pantanal S.A.', 'Pantanal Carnes', '152348760001', 'Campo Grande', 'MS', '6733845500', true],
  ['Laticínios Serra da Canastra Ltda', 'Canastra', '228764310001', 'São Roque de Minas', 'MG', '3734331180', false],
  ['Embalagens Recôncavo Ltda', 'Recôncavo Embalagens', '139876540001', 'Camaçari', 'BA', '7136214400', true],
  ['Móveis Bento Gonçalves Indústria Ltda', 'Móveis Bento', '890123450001', 'Bento Gonçalves', 'RS', '5434521900', true],
  ['Calçados Franca Couros Ltda', 'Franca Couros', '456781230001', 'Franca', 'SP', '1637221550', true],
  ['Fundição Joinville S.A.', 'FundiJoi', '834567120001', 'Joinville', 'SC', '4734337000', true],
  ['Açúcar e Álcool Ribeirão Ltda', 'Usina Ribeirão', '560123870001', 'Ribeirão Preto', 'SP', '1639114500', true],
  ['Vidraçaria Técnica Goiana Ltda', 'VidroGO', '019872340001', 'Anápolis', 'GO', '', true],
  ['Papel e Celulose Vale do Tibagi S.A.', 'Celulose Tibagi', '781234560001', 'Telêmaco Borba', 'PR', '4232731100', true],
  ['Química Fina Pernambuco Ltda', 'QuímicaPE', '102349870001', 'Ipojuca', 'PE', '8135612200', true],
  ['Autopeças São Bernardo Ltda', 'AutoSBC', '609871230001', 'São Bernardo do Campo', 'SP', '1143321010', true],
  ['Indústria Farmacêutica Cerrado Ltda', 'Farma Cerrado', '376542100001', 'Brasília', 'DF', '6133427700', true],
  ['Cooperativa Agroindustrial Oeste Paranaense', 'Coopaoeste', '789456120001', 'Cascavel', 'PR', '4532181500', true],
  ['Estaleiro Baía de Guanabara Ltda', 'Estaleiro Guanabara', '332109870001', 'Niterói', 'RJ', '2127190300', true],
  ['Siderúrgica Capixaba S.A.', 'SidCapixaba', '273456100001', 'Serra', 'ES', '2732410800', true],
  ['Beneficiadora de Arroz Pelotense Ltda', 'Arroz Pelotense', '928734560001', 'Pelotas', 'RS', '5332253300', false],
  ['Cervejaria Artesanal Blumenau Ltda', 'Cervejaria Vale Europeu', '856743120001', 'Blumenau', 'SC', '4733220450', true],
  ['Mineração Carajás Serviços Ltda', 'Carajás Serviços', '054321980001', 'Parauapebas', 'PA', '9433466000', true],
  ['Castanhas do Acre Indústria e Comércio Ltda', 'Castanhas Acre', '845123670001', 'Rio Branco', 'AC', '', true],
  ['Doces Pomerode Ltda', 'Doces Pomerode', '791235640001', 'Pomerode', 'SC', '4733870200', true],
  ['Tecelagem Americana Ltda', 'Tecelagem Americana', '612398740001', 'Americana', 'SP', '1934061200', true],
  ['Granja Avícola Chapecó S.A.', 'Avícola Chapecó', '823415670001', 'Chapecó', 'SC', '4933289100', true],
  ['Indústria de Cimento Sobral Ltda', 'Cimento Sobral', '067812340001', 'Sobral', 'CE', '8836113400', true],
  ['Laminados Potiguar Ltda', 'Laminados RN', '081239450001', 'Natal', 'RN', '8432076600', true],
  ['Sucos Tropicais Petrolina Ltda', 'Sucos do Vale', '119873450001', 'Petrolina', 'PE', '8738624100', true],
  ['Componentes Eletrônicos Manaus Ltda', 'CEM Eletrônicos', 'R4T8N1ZB0001', 'Manaus', 'AM', '9221251800', true],
  ['Gráfica e Editora Paulista Ltda', 'Gráfica Paulista', '582347610001', 'Osasco', 'SP', '1136821400', false],
  ['Óleos Vegetais Rondonópolis S.A.', 'Óleos Rondon', '034567810001', 'Rondonópolis', 'MT', '6634114400', true],
  ['Tintas e Vernizes Alagoas Ltda', 'Tintas Alagoas', '125678430001', 'Maceió', 'AL', '8233264100', true],
  ['Fertilizantes Uberaba S.A.', 'FertiUberaba', '198765430001', 'Uberaba', 'MG', '3433124800', true],
  ['Borrachas Industriais Sergipe Ltda', 'Borrachas SE', '132456780001', 'Aracaju', 'SE', '', false],
  ['Moinho de Trigo Paraíba Ltda', 'Moinho Paraíba', '098712340001', 'João Pessoa', 'PB', '8332454100', true],
  ['Carnes e Derivados Araguaína Ltda', 'Frigo Araguaia', '267890120001', 'Araguaína', 'TO', '6334113200', true],
  ['Indústria Madeireira Vilhena Ltda', 'Madeiras Vilhena', '345678910001', 'Vilhena', 'RO', '6933216600', false],
  ['Pescados Macapá Ltda', 'Pescados do Amapá', '7KQ3M2PX0001', 'Macapá', 'AP', '9632234500', true],
  ['Cosméticos Naturais Belém Ltda', 'Bioessência', '043218760001', 'Belém', 'PA', '9132419900', true],
  ['Artefatos de Cimento Teresina Ltda', 'Cimentart', '076543290001', 'Teresina', 'PI', '8632217100', true],
  ['Couros e Curtume São Luís Ltda', 'Curtume Maranhão', '061239870001', 'São Luís', 'MA', '', true],
  ['Equipamentos Agrícolas Boa Vista Ltda', 'AgroRoraima', '056789430001', 'Boa Vista', 'RR', '9536241100', true],
  ['Metalúrgica Sorocabana Ltda', 'MetalSoro', '571238940001', 'Sorocaba', 'SP', '15991234567', true],
  ['Usina de Laticínios Garanhuns Ltda', 'Laticínios Agreste', '109876120001', 'Garanhuns', 'PE', '87981234560', true],
];

/**
 * Customers whose factory approves every remote access ("Exigir aprovação da fábrica"): Frigorífico Pantanal S.A.
 * (machines EV-12 #01, CU-800 #02, EX-90 #04… with online gateways and a LAN).
 */
export const FACTORY_APPROVAL_CUSTOMERS: ReadonlySet<string> = new Set(['customer-1008']);

function emailDomain(tradeName: string): string {
  return tradeName
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
}

export function seedCustomers(now: number): CustomerRecord[] {
  const customers: CustomerRecord[] = SPECS.map(([name, tradeName, base, city, uf, phone, hasEmail], index) => {
    const createdAt = now - (400 - index * 8) * DAY;
    return {
      id: `customer-${1001 + index}`,
      ownerUid: DEMO_CUSTOMER_UID,
      name,
      tradeName,
      cnpj: cnpjFromBase(base),
      email: hasEmail ? `compras@${emailDomain(tradeName)}.exemplo.com.br` : '',
      phone,
      city,
      uf,
      requireFactoryApproval: FACTORY_APPROVAL_CUSTOMERS.has(`customer-${1001 + index}`),
      createdAt,
      version: 1,
      updatedAt: createdAt,
    };
  });
  const other = (record: Omit<CustomerRecord, 'ownerUid' | 'version' | 'updatedAt' | 'requireFactoryApproval'>): CustomerRecord => ({
    ...record,
    requireFactoryApproval: false,
    ownerUid: OTHER_ASSEMBLER_UID,
    version: 1,
    updatedAt: record.createdAt,
  });
  customers.push(
    other({
      id: 'customer-1101',
      name: 'Laticínios Montanha Ltda',
      tradeName: 'Montanha',
      cnpj: cnpjFromBase('192837460001'),
      email: 'compras@montanha.exemplo.com.br',
      phone: '3534712200',
      city: 'Pouso Alegre',
      uf: 'MG',
      createdAt: now - 90 * DAY,
    }),
    // The same factory as one of the demo builder's customers: a CNPJ is unique per builder, not across builders.
    other({
      id: 'customer-1102',
      name: 'Metalúrgica Vale do Aço Ltda',
      tradeName: 'Vale do Aço',
      cnpj: cnpjFromBase('314459820001'),
      email: 'manutencao@valedoaco.exemplo.com.br',
      phone: '3138224499',
      city: 'Ipatinga',
      uf: 'MG',
      createdAt: now - 60 * DAY,
    }),
  );
  return customers;
}

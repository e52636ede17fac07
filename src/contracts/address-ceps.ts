/**
 * The CEP look-up's table (GET /address/cep/:cep): real CEPs of capitals and industrial cities with the street,
 * district, city and UF the Correios give them. Any other well-formed CEP is "not found", as a CEP the real
 * look-up does not know would be (the form is then filled by hand). docs/demo.md lists a few of
 * them. The main Worker and the browser demo backend answer from this one table.
 */
import type { CepLookup } from '@/contracts/address';

/** [CEP, street, district, city, UF] */
type CepRow = [string, string, string, string, CepLookup['uf']];

const ROWS: CepRow[] = [
  ['01001-000', 'Praça da Sé', 'Sé', 'São Paulo', 'SP'],
  ['01310-100', 'Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP'],
  ['13069-380', 'Rua Lauro Vannucci', 'Jardim Santa Cândida', 'Campinas', 'SP'],
  ['13013-051', 'Rua Regente Feijó', 'Centro', 'Campinas', 'SP'],
  ['13040-089', 'Rua Manoel Sylvestre de Freitas Filho', 'Jardim Nova Europa', 'Campinas', 'SP'],
  ['12235-610', 'Rua Teresina', 'Parque Industrial', 'São José dos Campos', 'SP'],
  ['18087-180', 'Avenida Três de Março', 'Aparecidinha', 'Sorocaba', 'SP'],
  ['14403-131', 'Rua João Trentino Ziller', 'Jardim Alvorada', 'Franca', 'SP'],
  ['89220-120', 'Rua Araquã', 'Costa e Silva', 'Joinville', 'SC'],
  ['89041-400', 'Rua Benedito Novo', 'Água Verde', 'Blumenau', 'SC'],
  ['88085-120', 'Rua Joaquim Carneiro', 'Capoeiras', 'Florianópolis', 'SC'],
  ['95059-050', 'Rua Aparício Borghetti', 'São Cristóvão', 'Caxias do Sul', 'RS'],
  ['95020-000', 'Rua Sinimbu', 'Centro', 'Caxias do Sul', 'RS'],
  ['91410-080', 'Rua Ângelo Crivellaro', 'Jardim do Salso', 'Porto Alegre', 'RS'],
  ['91420-270', 'Rua São Domingos', 'Bom Jesus', 'Porto Alegre', 'RS'],
  ['80210-000', 'Avenida Prefeito Omar Sabbag', 'Jardim Botânico', 'Curitiba', 'PR'],
  ['80530-000', 'Avenida Cândido de Abreu', 'Centro Cívico', 'Curitiba', 'PR'],
  ['30350-210', 'Rua Matipó', 'Santo Antônio', 'Belo Horizonte', 'MG'],
  ['30480-000', 'Avenida Amazonas', 'Alto Barroca', 'Belo Horizonte', 'MG'],
  ['20020-100', 'Avenida Nilo Peçanha', 'Centro', 'Rio de Janeiro', 'RJ'],
  ['22710-255', 'Rua Mapendi', 'Taquara', 'Rio de Janeiro', 'RJ'],
  ['69077-795', 'Rua José de Alencar', 'Japiim', 'Manaus', 'AM'],
  ['69020-060', 'Rua Major Gabriel', 'Centro', 'Manaus', 'AM'],
  ['50870-480', 'Rua Jataúba', 'Caçote', 'Recife', 'PE'],
  ['50030-040', 'Rua da Moeda', 'Recife', 'Recife', 'PE'],
  ['40330-200', 'Rua Conde de Porto Alegre', 'IAPI', 'Salvador', 'BA'],
  ['60822-325', 'Avenida General Afonso Albuquerque Lima', 'Cambeba', 'Fortaleza', 'CE'],
  ['60020-060', 'Rua Marechal Deodoro', 'Benfica', 'Fortaleza', 'CE'],
  ['58011-400', 'Avenida Redenção', 'Ilha do Bispo', 'João Pessoa', 'PB'],
  ['70150-900', 'Praça dos Três Poderes', 'Zona Cívico-Administrativa', 'Brasília', 'DF'],
];

/** By the CEP's 8 digits. */
export const CEP_TABLE: ReadonlyMap<string, CepLookup> = new Map(
  ROWS.map(([cep, street, district, city, uf]) => [cep.replace('-', ''), { cep, street, district, city, uf }]),
);

/** The address of a CEP (8 digits), or null when the table does not know it. */
export function findCep(digits: string): CepLookup | null {
  return CEP_TABLE.get(digits) ?? null;
}

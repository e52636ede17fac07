import type { RefObject } from 'react';
import { TextField } from '@/components/ui/field';
import { cnpjProblem, CNPJ_MESSAGES } from '@/contracts/validators/cnpj';
import { nameProblem } from '@/contracts/validators/fields';

type CompanyField = 'name' | 'cnpj';

/** The registration contract's checks of Nome and CNPJ (`assemblerRegistrationSchema`'s messages). */
export function validateCompany(values: Record<CompanyField, string>): Partial<Record<CompanyField, string>> {
  const errors: Partial<Record<CompanyField, string>> = {};
  const name = nameProblem(values.name, 'o nome');
  if (name) errors.name = name;
  const cnpj = cnpjProblem(values.cnpj);
  if (cnpj) errors.cnpj = CNPJ_MESSAGES[cnpj];
  return errors;
}

/**
 * "Nome" and "CNPJ" of a builder's registration, as both "Criar conta" and "Complete seu cadastro" ask them: the
 * CNPJ is masked by the form's `onChange` (numeric or alphanumeric), errors sit under their fields.
 */
export function CompanyFields({
  values,
  errors,
  onChange,
  disabled,
  refs,
}: {
  values: Record<CompanyField, string>;
  errors: Partial<Record<CompanyField, string>>;
  onChange: (field: CompanyField, value: string) => void;
  disabled: boolean;
  refs: Record<CompanyField, RefObject<HTMLInputElement | null>>;
}) {
  return (
    <>
      <TextField
        ref={refs.name}
        label="Nome"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        onChange={(event) => onChange('name', event.target.value)}
        error={errors.name}
        disabled={disabled}
      />
      <TextField
        ref={refs.cnpj}
        label="CNPJ"
        name="cnpj"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        placeholder="00.000.000/0000-00"
        maxLength={18}
        value={values.cnpj}
        onChange={(event) => onChange('cnpj', event.target.value)}
        error={errors.cnpj}
        hint="Aceita o CNPJ numérico e o alfanumérico (letras e números)."
        disabled={disabled}
      />
    </>
  );
}

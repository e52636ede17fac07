import {
  machineModelInputSchema,
  type MachineModel,
  type MachineModelFormValues,
  type MachineModelInput,
} from '@/contracts/machine-model';
import { Form, FormActions } from '@/components/ui/form/form';
import { TextareaField, TextInputField } from '@/components/ui/form/fields';
import { UnsavedChangesDialog } from '@/components/ui/form/use-unsaved-changes';
import { RecordFormBanners, useRecordForm, type RecordFormProps } from '@/components/ui/form/use-record-form';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { ServicesField, servicesToForm } from '../../shared/services-field';

export { EMPTY_SERVICE } from '../../shared/services-field';

export const EMPTY_MACHINE_MODEL: MachineModelFormValues = {
  name: '',
  manufacturer: '',
  category: '',
  description: '',
  services: [],
};

/** A stored model as the form shows it (ports as text). */
export function machineModelToForm(model: MachineModel): MachineModelFormValues {
  return {
    name: model.name,
    manufacturer: model.manufacturer,
    category: model.category,
    description: model.description,
    services: servicesToForm(model.services),
  };
}

export type MachineModelFormProps = RecordFormProps<MachineModelFormValues, MachineModelInput, MachineModel>;

/** Create and edit of a machine model: the fields of screens.md and its services, validated by the contract. */
export function MachineModelForm({ defaultValues, submitLabel = 'Salvar', onCancel, ...save }: MachineModelFormProps) {
  const form = useZodForm(machineModelInputSchema, { defaultValues });
  // No `fields`: any name with a value counts, so a server error lands on `services.1.port` too.
  const record = useRecordForm({ ...save, form, toFormValues: machineModelToForm });
  const { isSubmitting } = form.formState;

  return (
    <Form form={form} onSubmit={record.submit} className="space-y-6">
      <RecordFormBanners record={record} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField control={form.control} name="name" label="Nome" required className="sm:col-span-2" />
        <TextInputField control={form.control} name="manufacturer" label="Fabricante" autoComplete="organization" />
        <TextInputField control={form.control} name="category" label="Categoria" hint="Ex.: Injeção plástica, Envase." />
        <TextareaField
          control={form.control}
          name="description"
          label="Descrição"
          rows={3}
          hint="Até 1000 caracteres."
          className="sm:col-span-2"
        />
      </div>
      <ServicesField
        legend="Serviços padrão"
        description="Os acessos que cada máquina deste modelo oferece (IHM, CLP, tela remota). Ao cadastrar uma máquina, eles vêm preenchidos."
        emptyText="Nenhum serviço adicionado."
      />
      <FormActions submitLabel={submitLabel} onCancel={onCancel} pending={isSubmitting} />
      <UnsavedChangesDialog guard={record.guard} />
    </Form>
  );
}

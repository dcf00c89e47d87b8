// zod's messages in Portuguese where they reach the user: the forms. Set here, not when the app starts, so the
// first screen (/login, which checks its two fields itself) loads without zod.
import '@origem/contract/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@origem/contract/messages.pt';
import { Alert, Button, type ButtonProps, Flex, Form } from 'antd';
import {
  type BaseSyntheticEvent,
  Children,
  cloneElement,
  createContext,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
} from 'react-hook-form';
import { z } from 'zod';
import { type ApiError, isApiError } from '../api/api-error';
import { showErrorDialog, showValidationErrors } from './feedback';
import { UnsavedChangesGuard } from './unsaved-changes';

type FormMeta = {
  idPrefix: string;
  isRequired: (name: string) => boolean;
  registerField: (name: string) => () => void;
  hasServerErrors: boolean;
};

const FormMetaContext = createContext<FormMeta | null>(null);

function useFormMeta(): FormMeta {
  const meta = useContext(FormMetaContext);
  if (!meta) throw new Error('FormField, FormActions e SubmitButton precisam estar dentro de <ApiForm>.');
  return meta;
}

export type ApiFormOptions<TIn extends FieldValues, TOut> = {
  /** zod schema of the payload (usually the contract's, e.g. userInputSchema). */
  schema: z.ZodType<TOut, TIn>;
  /** Every field's starting value ('' for text inputs, null/undefined for selects). */
  defaultValues: DefaultValues<TIn>;
  /**
   * Sends the parsed values. Throwing an ApiError with `errors` puts them next to the fields; return `false`
   * when the save did not happen (e.g. a special status you handled) so the form stays "unsaved".
   */
  onSubmit: (values: TOut, form: ApiForm<TIn, TOut>) => unknown;
  /** Server field names that differ from the form's, e.g. { username: 'email' }. */
  fieldAliases?: Record<string, string>;
  /** Ask before leaving with unsaved changes (default true; false for login-like forms). */
  warnOnLeave?: boolean;
};

export type ApiForm<TIn extends FieldValues, TOut> = UseFormReturn<TIn, unknown, TOut> & {
  /** Submit handler for <form onSubmit>: validates, calls onSubmit, maps server errors. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Puts server messages next to their fields; returns the ones no field could show. */
  applyServerErrors: (errors: Record<string, string[]>) => string[];
  /** One server message on one field (e.g. status 231 → 'password'). */
  setServerError: (name: Path<TIn>, message: string) => void;
  meta: FormMeta;
  warnOnLeave: boolean;
  submittingRef: RefObject<boolean>;
};

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return objectShape(schema.in as z.ZodType);
  return undefined;
}

/** 'items[0].ncm' → 'items.0.ncm' (react-hook-form paths). */
function normalizeFieldName(name: string): string {
  return name.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '');
}

/**
 * What a form says when saving fails for a reason other than its fields (SPEC §8, "newer handler"): the server's
 * own message, or 'Não foi possível processar sua solicitação.' when the failure has nothing to tell (no answer,
 * a server error).
 */
export function formFailureText(error: ApiError): string {
  const generic = error.status === 0 || error.status >= 500 || !error.message;
  return generic ? messages.genericErrorShort : error.message;
}

/**
 * react-hook-form + zod, wired to the API's error format. Use with <ApiForm>, <FormField> and <FormActions>.
 * Required marks come from the schema (a field that rejects `undefined` is required).
 */
export function useApiForm<TIn extends FieldValues, TOut>(
  options: ApiFormOptions<TIn, TOut>,
): ApiForm<TIn, TOut> {
  const { schema, defaultValues, fieldAliases, warnOnLeave = true } = options;
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const idPrefix = `f${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const fields = useRef(new Map<string, number>());
  const submittingRef = useRef(false);
  const failedRef = useRef(false);
  const onSubmitRef = useRef(options.onSubmit);
  onSubmitRef.current = options.onSubmit;
  const [hasServerErrors, setHasServerErrors] = useState(false);

  const shape = useMemo(() => objectShape(schema as z.ZodType), [schema]);
  const isRequired = useCallback(
    (name: string) => {
      const field = shape?.[name];
      return field ? !field.safeParse(undefined).success : false;
    },
    [shape],
  );
  const registerField = useCallback((name: string) => {
    fields.current.set(name, (fields.current.get(name) ?? 0) + 1);
    return () => {
      const count = (fields.current.get(name) ?? 1) - 1;
      if (count <= 0) fields.current.delete(name);
      else fields.current.set(name, count);
    };
  }, []);

  const { setError } = form;
  const applyServerErrors = useCallback(
    (errors: Record<string, string[]>) => {
      const unmapped: string[] = [];
      let mapped = 0;
      for (const [rawName, list] of Object.entries(errors)) {
        const name = normalizeFieldName(rawName);
        const target = fieldAliases?.[name] ?? name;
        if (fields.current.has(target) && list.length > 0) {
          setError(target as Path<TIn>, { type: 'server', message: list.join(' ') });
          mapped += 1;
        } else {
          unmapped.push(...list);
        }
      }
      if (mapped > 0) {
        failedRef.current = true;
        setHasServerErrors(true);
      }
      return [...new Set(unmapped)];
    },
    [fieldAliases, setError],
  );

  const setServerError = useCallback(
    (name: Path<TIn>, message: string) => {
      failedRef.current = true;
      setError(name, { type: 'server', message });
    },
    [setError],
  );

  const meta = useMemo<FormMeta>(
    () => ({ idPrefix, isRequired, registerField, hasServerErrors }),
    [idPrefix, isRequired, registerField, hasServerErrors],
  );

  const api = form as ApiForm<TIn, TOut>;
  api.applyServerErrors = applyServerErrors;
  api.setServerError = setServerError;
  api.meta = meta;
  api.warnOnLeave = warnOnLeave;
  api.submittingRef = submittingRef;
  api.submit = form.handleSubmit(async (values) => {
    setHasServerErrors(false);
    failedRef.current = false;
    submittingRef.current = true;
    try {
      const result = await onSubmitRef.current(values, api);
      // Saved: the current values become the new baseline, so leaving no longer warns.
      if (result !== false && !failedRef.current) form.reset(form.getValues());
    } catch (error) {
      if (isApiError(error) && error.isValidation) {
        error.markHandled();
        const unmapped = applyServerErrors(error.errors);
        if (unmapped.length > 0 || Object.keys(error.errors).length === 0)
          void showValidationErrors(unmapped);
      } else if (isApiError(error)) {
        // SPEC §8's newer handler: the server's message, or the short generic text when there is none to show.
        if (!error.handled) {
          error.markHandled();
          void showErrorDialog(formFailureText(error));
        }
      } else {
        console.error(error);
        void showErrorDialog(messages.genericErrorShort);
      }
    } finally {
      submittingRef.current = false;
    }
  });
  return api;
}

export type ApiFormProps<TIn extends FieldValues, TOut> = {
  form: ApiForm<TIn, TOut>;
  children: ReactNode;
  /** Accessible name of the form, e.g. 'Dados do usuário'. */
  label?: string;
  style?: React.CSSProperties;
  /**
   * Let Enter in a text field submit, as browsers do (short forms: an e-mail, a new password). Off by default: in a
   * long form Enter in a field saved half-typed drafts (issue 22); 'Salvar' is the way to submit.
   */
  submitOnEnter?: boolean;
};

/** Buttons keep Enter (it presses them); text areas keep it (a new line); an input field loses it. */
const ENTER_SUBMITS = new Set(['submit', 'button', 'image', 'reset', 'checkbox', 'radio', 'file']);

function keepEnterFromSubmitting(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target;
  // A select's own Enter (picking an option) has already run: its handlers are below the form's.
  if (target instanceof HTMLInputElement && !ENTER_SUBMITS.has(target.type)) event.preventDefault();
}

/**
 * The <form>: antd vertical layout (labels above fields, required marks), a summary alert when the server
 * rejected fields, and the unsaved-changes warning.
 */
export function ApiForm<TIn extends FieldValues, TOut>({
  form,
  children,
  label,
  style,
  submitOnEnter = false,
}: ApiFormProps<TIn, TOut>) {
  // Reading isDirty here subscribes the form to it, so the leave check sees the live value.
  const dirty = form.formState.isDirty;
  return (
    <FormProvider {...form}>
      <FormMetaContext.Provider value={form.meta}>
        <form
          onSubmit={form.submit}
          onKeyDown={submitOnEnter ? undefined : keepEnterFromSubmitting}
          noValidate
          aria-label={label}
          style={style}
        >
          {form.meta.hasServerErrors ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={messages.fixErrors}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Form component={false} layout="vertical">
            {children}
          </Form>
        </form>
        {form.warnOnLeave ? (
          <UnsavedChangesGuard
            shouldBlock={() => dirty && form.formState.isDirty && !form.submittingRef.current}
          />
        ) : null}
      </FormMetaContext.Provider>
    </FormProvider>
  );
}

export type FormFieldProps = {
  /** Field path in the form values ('name', 'address.city'). */
  name: string;
  label: ReactNode;
  /** Required mark; by default taken from the schema. */
  required?: boolean;
  /** Hint shown under the field while it has no error. */
  help?: ReactNode;
  /** Extra text always shown under the field. */
  extra?: ReactNode;
  /** 'checked' for Switch and Checkbox. */
  valuePropName?: 'value' | 'checked';
  /** One antd input (Input, Input.Password, Select, MaskedInput, DateInput, Switch…); value/onChange are injected. */
  children: ReactElement;
};

type ChildProps = {
  onChange?: (...args: unknown[]) => void;
  onBlur?: (...args: unknown[]) => void;
};

function readValue(arg: unknown, valuePropName: 'value' | 'checked'): unknown {
  if (typeof arg === 'object' && arg !== null && 'target' in arg) {
    const target = (arg as { target: unknown }).target;
    if (typeof target === 'object' && target !== null) {
      return (target as Record<string, unknown>)[valuePropName];
    }
  }
  return arg;
}

/** A labelled form item bound to the react-hook-form field `name`; errors (client or server) show below it. */
export function FormField({
  name,
  label,
  required,
  help,
  extra,
  valuePropName = 'value',
  children,
}: FormFieldProps) {
  const { control } = useFormContext();
  const meta = useFormMeta();
  const { field, fieldState } = useController({ control, name });
  const { registerField } = meta;
  useEffect(() => registerField(name), [registerField, name]);

  const id = `${meta.idPrefix}-${name.replace(/[^\w-]/g, '-')}`;
  const helpId = `${id}-help`;
  const error = fieldState.error?.message;
  const isRequired = required ?? meta.isRequired(name);
  const child = Children.only(children) as ReactElement<ChildProps>;
  const childProps = child.props;

  const input = cloneElement(child, {
    id,
    [valuePropName]: field.value,
    ref: field.ref,
    status: error ? 'error' : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': isRequired || undefined,
    'aria-describedby': error || help ? helpId : undefined,
    onChange: (...args: unknown[]) => {
      field.onChange(readValue(args[0], valuePropName));
      childProps.onChange?.(...args);
    },
    onBlur: (...args: unknown[]) => {
      field.onBlur();
      childProps.onBlur?.(...args);
    },
  } as Partial<ChildProps>);

  const message = error ?? help;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={isRequired}
      validateStatus={error ? 'error' : undefined}
      help={message ? <span id={helpId}>{message}</span> : undefined}
      extra={extra}
    >
      {input}
    </Form.Item>
  );
}

/** The form's submit button: disabled with a spinner while sending. */
export function SubmitButton({ children = 'Salvar', ...props }: Omit<ButtonProps, 'htmlType'>) {
  useFormMeta();
  const { formState } = useFormContext();
  const sending = formState.isSubmitting;
  return (
    <Button
      type="primary"
      {...props}
      htmlType="submit"
      loading={sending}
      disabled={sending || props.disabled}
    >
      {children}
    </Button>
  );
}

export type FormActionsProps = {
  submitLabel?: string;
  /** Shows a 'Cancelar' button (e.g. back to the list). */
  onCancel?: () => void;
  cancelLabel?: string;
  /** More buttons on the left of 'Cancelar'. */
  extra?: ReactNode;
};

/** Footer of a form: [extra] [Cancelar] [Salvar]. */
export function FormActions({
  submitLabel = 'Salvar',
  onCancel,
  cancelLabel = 'Cancelar',
  extra,
}: FormActionsProps) {
  const { formState } = useFormContext();
  return (
    <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 8 }}>
      {extra}
      {onCancel ? (
        <Button onClick={onCancel} disabled={formState.isSubmitting}>
          {cancelLabel}
        </Button>
      ) : null}
      <SubmitButton>{submitLabel}</SubmitButton>
    </Flex>
  );
}

/**
 * FormActions in a bar stuck to the bottom of the window, so 'Salvar' stays in reach below a long form. Place it
 * as a direct child of <ApiForm>: the form is the bar's containing block.
 */
export function StickyFormActions({ style, ...actions }: FormActionsProps & { style?: React.CSSProperties }) {
  return (
    <div
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        background: '#fff',
        borderTop: '1px solid #f0f0f0',
        padding: '8px 16px 12px',
        boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.04)',
        ...style,
      }}
    >
      <FormActions {...actions} />
    </div>
  );
}

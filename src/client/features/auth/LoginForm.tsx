import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { LOGIN_FAILED_MESSAGE, type LoginField, loginFieldErrors } from '../../../shared/login-rules';
import { codeProblem } from '../../../shared/two-step-rules';
import { sendLoginCode, signIn, signInWithPasskey } from '../../lib/sign-in';
import { ApiError } from '../../lib/transport';
import { AuthCard } from './AuthCard';
import classes from './LoginPage.module.css';

interface LoginFormProps {
  /** Called once the token is stored. */
  onLoggedIn: () => void;
  /** Called the first time the person starts filling the form: time to fetch the rest of the admin. */
  onIntent?: () => void;
}

/**
 * The login screen, in plain React and CSS: it is the first thing the admin downloads, so it carries no UI kit,
 * form library or schema library (docs/decisions/0012). The server validates the same rules (shared/login-rules).
 */
export function LoginForm({ onLoggedIn, onIntent }: LoginFormProps) {
  const id = useId();
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  /** The session that knew the password and still owes the two-step code. */
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // /redefinir-senha sends the person here with ?senha=redefinida once the new password is saved.
  const [passwordReset] = useState(() => new URLSearchParams(window.location.search).get('senha') === 'redefinida');

  const change = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const errors = loginFieldErrors(values);
    setFieldErrors(errors);
    const firstInvalid = (['email', 'password'] as const).find((f) => errors[f]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const { pendingToken: pending } = await signIn(values.email.trim().toLowerCase(), values.password);
      if (pending) {
        setPendingToken(pending);
        setSubmitting(false);
        return;
      }
      onLoggedIn();
    } catch (err) {
      // The server's own message (wrong password, too many attempts, offline); this one when there is none.
      setError(err instanceof ApiError && err.detail ? err.detail : LOGIN_FAILED_MESSAGE);
      setSubmitting(false);
    }
  };

  const passkey = async () => {
    if (passkeyBusy) return;
    setPasskeyBusy(true);
    setError(null);
    try {
      await signInWithPasskey();
      onLoggedIn();
    } catch (err) {
      // The browser's own refusals (cancelled, no passkey for this site) carry English names: say it in Portuguese.
      setError(err instanceof ApiError && err.detail ? err.detail : 'A passkey não foi usada. Tente de novo ou entre com e-mail e senha.');
      setPasskeyBusy(false);
    }
  };

  if (pendingToken) {
    return (
      <SecondStep
        pendingToken={pendingToken}
        onDone={onLoggedIn}
        onBack={() => {
          setPendingToken(null);
          setValues((v) => ({ ...v, password: '' }));
        }}
      />
    );
  }

  /** What the e-mail and the password inputs have alike: their value, their label's id and their error's. */
  const inputProps = (field: LoginField) => ({
    id: `${id}-${field}`,
    name: field,
    required: true,
    className: classes.input,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(field, e.target.value),
    'aria-invalid': fieldErrors[field] ? true : undefined,
    'aria-describedby': fieldErrors[field] ? `${id}-${field}-error` : undefined,
  });
  const errorOf = (field: LoginField) =>
    fieldErrors[field] && (
      <p id={`${id}-${field}-error`} className={classes.fieldError}>
        {fieldErrors[field]}
      </p>
    );

  return (
    <AuthCard title="Entrar no painel" subtitle="Gerencie as cartas de vinhos do seu restaurante.">
      {passwordReset && !error && (
        <div role="status" className={classes.notice}>
          Senha redefinida. Entre com a nova senha.
        </div>
      )}
      {error && (
        <div role="alert" className={classes.alert}>
          {error}
        </div>
      )}
      <form ref={formRef} onSubmit={submit} onKeyDown={onIntent} onPointerDown={onIntent} noValidate className={classes.form}>
        <div className={classes.field}>
          <label htmlFor={`${id}-email`} className={classes.label}>
            E-mail
          </label>
          <input
            {...inputProps('email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            // biome-ignore lint/a11y/noAutofocus: the login screen has one job; the e-mail field is where it starts.
            autoFocus
          />
          {errorOf('email')}
        </div>
        <div className={classes.field}>
          <label htmlFor={`${id}-password`} className={classes.label}>
            Senha
          </label>
          <div className={classes.passwordRow}>
            <input {...inputProps('password')} type={showPassword ? 'text' : 'password'} autoComplete="current-password" />
            <button
              type="button"
              className={classes.reveal}
              aria-pressed={showPassword}
              aria-controls={`${id}-password`}
              onClick={() => setShowPassword((s) => !s)}
            >
              {showPassword ? 'Ocultar' : 'Mostrar'}
            </button>
          </div>
          {errorOf('password')}
        </div>
        <button type="submit" className={classes.submit} aria-busy={submitting} disabled={submitting}>
          Entrar
        </button>
      </form>
      <button type="button" className={classes.secondary} aria-busy={passkeyBusy} disabled={passkeyBusy} onClick={passkey}>
        Entrar com passkey
      </button>
      <p className={classes.forgot}>
        <a href="/esqueci-senha" className={classes.link}>
          Esqueci minha senha
        </a>
      </p>
    </AuthCard>
  );
}

/** After a right password, for a person with two-step sign-in: the code of the app, or one of the recovery codes. */
function SecondStep({ pendingToken, onDone, onBack }: { pendingToken: string; onDone: () => void; onBack: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = codeProblem(code);
    setFieldError(problem ?? null);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await sendLoginCode(pendingToken, code);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.detail ? err.detail : 'Não foi possível verificar o código. Tente novamente.');
      setCode('');
      setSubmitting(false);
      inputRef.current?.focus();
    }
  };

  return (
    <AuthCard title="Verificação em duas etapas" subtitle="Abra o aplicativo autenticador e digite o código de 6 números.">
      {error && (
        <div role="alert" className={classes.alert}>
          {error}
        </div>
      )}
      <form onSubmit={submit} noValidate className={classes.form}>
        <div className={classes.field}>
          <label htmlFor={`${id}-code`} className={classes.label}>
            Código
          </label>
          <input
            ref={inputRef}
            id={`${id}-code`}
            name="code"
            className={classes.input}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setFieldError(null);
            }}
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for.
            autoFocus
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-code-error` : `${id}-code-hint`}
          />
          {fieldError ? (
            <p id={`${id}-code-error`} className={classes.fieldError}>
              {fieldError}
            </p>
          ) : (
            <p id={`${id}-code-hint`} className={classes.hint}>
              Sem o celular? Use um dos códigos de recuperação que você guardou.
            </p>
          )}
        </div>
        <button type="submit" className={classes.submit} aria-busy={submitting} disabled={submitting}>
          Confirmar
        </button>
      </form>
      <p className={classes.forgot}>
        <button type="button" className={classes.linkButton} onClick={onBack}>
          Voltar e entrar com outra conta
        </button>
      </p>
    </AuthCard>
  );
}

import { act, useRef, type InputHTMLAttributes } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startI18n } from './i18n/i18n';
import { validateStudent, type StudentValues } from './schemas/student';
import { useForm, type FieldProps } from './use-form';

// React warns about updates outside act() unless it knows it is under test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await startI18n('en');
});

const blank: StudentValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  school: '',
  grade: '',
  gpa: '',
  interests: [],
};

const valid: StudentValues = {
  firstName: 'Ava',
  lastName: 'Lee',
  email: 'ava@student.example',
  password: 'secret',
  school: 'Northside High',
  grade: '11',
  gpa: '',
  interests: ['technology'],
};

type Form = ReturnType<typeof useForm<StudentValues>>;

/** A text field wired as the app's TextField is: marked invalid and described by its message. */
function Input({
  label,
  error,
  ...props
}: FieldProps & { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const id = `f-${props.name}`;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      {error ? <p id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}

/** The student sign-up's fields, in the page's order, on the real schema. */
function StudentForm({ initial, expose }: { initial: StudentValues; expose: (form: Form, element: HTMLFormElement | null) => void }) {
  const form = useForm(initial, validateStudent);
  const formRef = useRef<HTMLFormElement>(null);
  const grade = form.select('grade');
  const interests = form.checks('interests');
  return (
    <form ref={formRef} noValidate>
      <Input label="First name" {...form.field('firstName')} />
      <Input label="Last name" {...form.field('lastName')} />
      <Input label="Email" {...form.field('email')} />
      <Input label="Password" type="password" {...form.field('password')} />
      <Input label="School" {...form.field('school')} />
      <select
        id="f-grade"
        name={grade.name}
        value={grade.value}
        aria-invalid={grade.error ? true : undefined}
        onChange={(e) => grade.onValueChange(e.target.value)}
      >
        <option value="">Choose</option>
        <option value="11">11th</option>
      </select>
      {grade.error ? <p id="f-grade-error">{grade.error}</p> : null}
      <label>
        <input
          type="checkbox"
          id="f-interests"
          checked={interests.value.includes('technology')}
          aria-invalid={interests.error ? true : undefined}
          onChange={(e) => interests.onChange(e.target.checked ? ['technology'] : [])}
        />
        Technology
      </label>
      {interests.error ? <p id="f-interests-error">{interests.error}</p> : null}
      <Probe form={form} element={formRef} expose={expose} />
    </form>
  );
}

/** Hands the hook's latest state to the test after each render. */
function Probe({
  form,
  element,
  expose,
}: {
  form: Form;
  element: React.RefObject<HTMLFormElement | null>;
  expose: (form: Form, element: HTMLFormElement | null) => void;
}) {
  expose(form, element.current);
  return null;
}

let container: HTMLDivElement;
let root: Root;
let form: Form;
let formElement: HTMLFormElement | null;

function render(initial: StudentValues = blank): void {
  act(() =>
    root.render(
      <StudentForm
        initial={initial}
        expose={(f, el) => {
          form = f;
          formElement = el;
        }}
      />,
    ),
  );
  formElement = container.querySelector('form');
}

const control = (id: string) => container.querySelector<HTMLInputElement & HTMLSelectElement>(`#f-${id}`)!;
const messageOf = (id: string) => container.querySelector(`#f-${id}-error`)?.textContent ?? null;
const messages = () => Array.from(container.querySelectorAll('p[id$="-error"]'), (p) => p.textContent);

/** Types into a controlled input as the browser does (React reads the native value on 'input'). */
function type(id: string, text: string): void {
  const input = control(id);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function choose(id: string, value: string): void {
  const select = control(id);
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Lets focusFirstInvalid's animation frames run. */
async function nextFrames(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => window.requestAnimationFrame(() => resolve()));
  });
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('useForm', () => {
  it('binds each field to its value and shows no message while the user fills the form in', () => {
    render();
    type('firstName', 'A');
    type('email', 'not-an-email');
    expect(control('firstName').value).toBe('A');
    expect(form.values).toMatchObject({ firstName: 'A', email: 'not-an-email' });
    expect(form.errors).toEqual({});
    expect(messages()).toEqual([]);
    expect(control('email').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a first submit with the schema’s messages on the refused fields only', () => {
    render();
    type('firstName', 'Ava');
    let ok = true;
    act(() => {
      ok = form.validateAll();
    });
    expect(ok).toBe(false);
    expect(messageOf('firstName')).toBeNull();
    expect(messageOf('lastName')).toBe('Last name is required');
    expect(messageOf('email')).toBe('Valid email required');
    expect(messageOf('password')).toBe('Password must be at least 6 characters');
    expect(messageOf('school')).toBe('School name is required');
    expect(messageOf('grade')).toBe('Grade level is required');
    expect(messageOf('interests')).toBe('Please select at least one interest');
    expect(control('email').getAttribute('aria-invalid')).toBe('true');
    expect(control('firstName').getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the messages live after the first submit: each goes as its field is fixed, and comes back', () => {
    render();
    act(() => void form.validateAll());
    type('email', 'ava@student');
    expect(messageOf('email')).toBe('Valid email required');
    type('email', 'ava@student.example');
    expect(messageOf('email')).toBeNull();
    type('lastName', 'Lee');
    expect(messageOf('lastName')).toBeNull();
    type('lastName', '   ');
    expect(messageOf('lastName')).toBe('Last name is required');
    choose('grade', '11');
    expect(messageOf('grade')).toBeNull();
    act(() => control('interests').click());
    expect(form.values.interests).toEqual(['technology']);
    expect(messageOf('interests')).toBeNull();
    // The fields not touched keep their messages.
    expect(messageOf('school')).toBe('School name is required');
  });

  it('sends a valid form: validateAll is true and no message shows', () => {
    render(valid);
    let ok = false;
    act(() => {
      ok = form.validateAll(formElement);
    });
    expect(ok).toBe(true);
    expect(messages()).toEqual([]);
  });

  it('moves focus to the first invalid control in the page’s order once the messages are drawn', async () => {
    render({ ...valid, email: 'ava@', school: '' });
    control('firstName').focus();
    act(() => void form.validateAll(formElement));
    await nextFrames();
    expect(document.activeElement).toBe(control('email'));
  });

  it('focuses a select when it is the first refused control', async () => {
    render({ ...valid, grade: '', interests: [] });
    act(() => void form.validateAll(formElement));
    await nextFrames();
    expect(document.activeElement).toBe(control('grade'));
  });

  it('leaves the focus where it is when no form element is given, or when the form is valid', async () => {
    render();
    control('school').focus();
    act(() => void form.validateAll());
    await nextFrames();
    expect(document.activeElement).toBe(control('school'));

    act(() => form.setFields(valid));
    act(() => void form.validateAll(formElement));
    await nextFrames();
    expect(document.activeElement).toBe(control('school'));
  });

  it('sets several fields in one update, revalidating them after the first submit', () => {
    render();
    act(() => void form.validateAll());
    act(() => form.setFields({ grade: '11', interests: ['technology'], school: 'Northside High' }));
    expect(form.values).toMatchObject({ grade: '11', interests: ['technology'], school: 'Northside High' });
    expect(control('grade').value).toBe('11');
    expect(form.errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email required',
      password: 'Password must be at least 6 characters',
    });
  });

  it('takes the server’s messages for the fields this form holds, and shows them', () => {
    render(valid);
    const fromServer = form.serverErrors({
      email: 'This email is already registered',
      companyId: 'Unknown company',
      school: '',
    });
    expect(fromServer).toEqual({ email: 'This email is already registered' });
    expect(form.serverErrors(undefined)).toEqual({});
    act(() => form.setErrors(fromServer));
    expect(messageOf('email')).toBe('This email is already registered');
    expect(control('email').getAttribute('aria-invalid')).toBe('true');
    expect(messages()).toEqual(['This email is already registered']);
  });

  it('resets to the first values, without messages, and quiet again until the next submit', () => {
    render();
    type('firstName', 'Ava');
    act(() => void form.validateAll());
    expect(messages().length).toBeGreaterThan(0);
    act(() => form.reset());
    expect(form.values).toEqual(blank);
    expect(control('firstName').value).toBe('');
    expect(messages()).toEqual([]);
    type('email', 'x');
    expect(messages()).toEqual([]);
  });
});

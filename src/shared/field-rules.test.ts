import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EMAIL_LENGTH_MESSAGES,
  FIELD_MESSAGES,
  formatPhone,
  isCep,
  isCnpj,
  isEmail,
  isHttpUrl,
  isImageUrl,
  isUploadsPath,
  maskCep,
  maskCnpj,
  normalizePhone,
  normalizeWebsite,
  optionalCep,
  optionalCnpj,
  optionalEmail,
  optionalImageUrl,
  optionalMoney,
  optionalPercent,
  optionalPhone,
  optionalWebsite,
  PHONE_EXTENSION,
  parsePercent,
  requiredEmail,
  requiredMoney,
  requiredPhone,
} from './field-rules.js';
import { formatMoneyInput, parseMoney } from './money.js';

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('e-mail', () => {
  it('accepts and lower-cases a valid address', () => {
    expect(requiredEmail().parse('  Ana@Vinha.COM.br ')).toBe('ana@vinha.com.br');
    expect(optionalEmail().parse('')).toBeNull();
    expect(isEmail('a@b.co')).toBe(true);
  });

  it.each(['ana', 'ana@', '@vinha.com', 'ana vinha@x.com'])('refuses %j', (bad) => {
    expect(firstMessage(requiredEmail(), bad)).toBe(FIELD_MESSAGES.email);
  });

  const label = (n: number) => 'd'.repeat(n);
  it.each([
    [`${'a'.repeat(65)}@vinha.com.br`, EMAIL_LENGTH_MESSAGES.local],
    [`${'a'.repeat(250)}@x.com`, EMAIL_LENGTH_MESSAGES.local],
    [`ana@${[label(60), label(60), label(60), label(60), label(60), 'com'].join('.')}`, EMAIL_LENGTH_MESSAGES.domain],
    [`ana@${label(64)}.com`, EMAIL_LENGTH_MESSAGES.label],
    [`${'a'.repeat(64)}@${[label(60), label(60), label(60), label(60), 'com'].join('.')}`, EMAIL_LENGTH_MESSAGES.total],
  ])('says which part of a long address is too long: %#', (bad, message) => {
    expect(firstMessage(requiredEmail(), bad)).toBe(message);
    expect(firstMessage(optionalEmail(), bad)).toBe(message);
    expect(isEmail(bad)).toBe(false);
  });

  it('accepts the longest parts the rules allow', () => {
    expect(isEmail(`${'a'.repeat(64)}@vinha.com.br`)).toBe(true);
    expect(isEmail(`ana@${label(63)}.com`)).toBe(true);
  });

  it('asks for a missing required e-mail', () => {
    expect(firstMessage(requiredEmail(), '  ')).toBe('Informe o e-mail.');
  });
});

describe('Brazilian phone', () => {
  it.each([
    ['(48) 99999-1234', '+5548999991234'],
    ['48999991234', '+5548999991234'],
    ['+55 48 3232-4455', '+554832324455'],
    ['(48) 3232-4455', '+554832324455'],
    ['11 3456.7890', '+551134567890'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
    expect(optionalPhone().parse(typed)).toBe(stored);
  });

  it('shows a stored number masked', () => {
    expect(formatPhone('+5548999991234')).toBe('(48) 99999-1234');
    expect(formatPhone('+554832324455')).toBe('(48) 3232-4455');
    expect(formatPhone('(48) 3232-4455')).toBe('(48) 3232-4455');
    expect(formatPhone(null)).toBe('');
  });

  it.each(['ligue já', '123', '(00) 1234-5678', '+1 202 555 0100'])('refuses %j', (bad) => {
    expect(firstMessage(optionalPhone(), bad)).toBe(FIELD_MESSAGES.phone);
  });

  it.each(['+55 48 99999-1234 ext 5', '(48) 3232-4455 x12', '48 3232-4455#12'])('refuses %j (an extension would be dropped)', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
    expect(firstMessage(optionalPhone(), typed)).toBe(PHONE_EXTENSION);
    expect(firstMessage(requiredPhone(), typed)).toBe(PHONE_EXTENSION);
  });

  it('treats empty as absent', () => {
    expect(optionalPhone().parse('')).toBeNull();
    expect(optionalPhone().parse(null)).toBeNull();
  });
});

describe('CNPJ', () => {
  it('accepts numeric CNPJs with valid check digits, with or without the mask', () => {
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11222333000181')).toBe(true);
    expect(optionalCnpj().parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('accepts the alphanumeric format of 2026, in any case', () => {
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCnpj('12abc34501de35')).toBe(true);
    expect(optionalCnpj().parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it.each(['11.222.333/0001-82', '12.ABC.345/01DE-36', '00000000000000', '11111111111111', '1122233300018', '12ABC34501DEAB'])(
    'refuses %j',
    (bad) => {
      expect(isCnpj(bad)).toBe(false);
      expect(firstMessage(optionalCnpj(), bad)).toBe(FIELD_MESSAGES.cnpj);
    },
  );
});

describe('CEP', () => {
  it('accepts 8 digits with or without the hyphen and stores the digits', () => {
    expect(isCep('88010-000')).toBe(true);
    expect(optionalCep().parse('88010-000')).toBe('88010000');
    expect(optionalCep().parse('88010000')).toBe('88010000');
    expect(maskCep('88010000')).toBe('88010-000');
  });

  it.each(['8801-000', '880100000', 'abcde-fgh'])('refuses %j', (bad) => {
    expect(firstMessage(optionalCep(), bad)).toBe(FIELD_MESSAGES.cep);
  });
});

describe('money', () => {
  it.each([
    ['1.250,50', 1250.5],
    ['1250.5', 1250.5],
    ['1250,5', 1250.5],
    ['R$ 89,90', 89.9],
    ['R$\u00a01.250,50', 1250.5],
    ['2.400', 2400],
    ['89.90', 89.9],
    ['0.250', 0.25],
    ['1,250.50', 1250.5],
    ['1.000.000,00', 1_000_000],
    ['12', 12],
    [89.9, 89.9],
    ['1 250,00', 1250],
    ['R$ 1\u00a0250,00', 1250],
    ['1\u202f250\u202f000,50', 1_250_000.5],
    ['1 250', 1250],
  ])('%j -> %j', (typed, amount) => {
    expect(parseMoney(typed)).toBe(amount);
  });

  it('reads empty as null and nonsense as not an amount', () => {
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('  R$ ')).toBeNull();
    for (const bad of ['dez', '1.2.3', '1,2,3', '12.34.56', '1.250,50,1', '1,250.5.0', 'R$ 1 0x', Number.NaN, '0x10', '1e3']) {
      expect(parseMoney(bad), String(bad)).toBeUndefined();
    }
  });

  it('takes a space as a thousands separator only before a group of exactly three digits', () => {
    for (const bad of ['12 50', '12\t50', '12  500', '1 2500', '12\n500', '1 25,00', '- 12']) {
      expect(parseMoney(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('shows an amount the Brazilian way', () => {
    expect(formatMoneyInput(1250.5)).toBe('1.250,50');
    expect(formatMoneyInput(2400)).toBe('2.400,00');
  });

  const price = requiredMoney({ max: 999_999.99, requiredMessage: 'Informe o preço.' });
  it('builds a required amount with its messages', () => {
    expect(price.parse('1.250,50')).toBe(1250.5);
    expect(firstMessage(price, '')).toBe('Informe o preço.');
    expect(firstMessage(price, undefined)).toBe('Informe o preço.');
    expect(firstMessage(price, 'caro')).toBe(FIELD_MESSAGES.money);
    expect(firstMessage(price, -1)).toBe('O valor não pode ser negativo.');
    expect(firstMessage(price, '10,005')).toBe('Use no máximo 2 casas decimais (centavos).');
    expect(firstMessage(price, 1_000_000)).toBe(FIELD_MESSAGES.money);
    expect(firstMessage(price, true)).toBe(FIELD_MESSAGES.money);
  });

  it('builds an optional amount', () => {
    expect(optionalMoney({ max: 10 }).parse('')).toBeNull();
    expect(optionalMoney({ max: 10 }).parse(null)).toBeNull();
    expect(optionalMoney({ max: 10 }).parse('9,99')).toBe(9.99);
  });
});

describe('image URL', () => {
  it('accepts our uploads and http(s) addresses', () => {
    for (const ok of ['/uploads/abc_DEF-1.webp', '/uploads/logos/x.png', 'https://cdn.exemplo.com.br/a.png', 'http://localhost:3000/x']) {
      expect(isImageUrl(ok), ok).toBe(true);
      expect(optionalImageUrl().parse(ok)).toBe(ok);
    }
  });

  it.each([
    'https://x.com/a.png"><script>alert(1)</script>',
    'https://x.com/"><img',
    "https://x.com/a'.png",
    'https://x.com/a b.png',
    'https://x.com/a`b.png',
    'https://x.com/a\\b.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://x.com/a.png',
    '//x.com/a.png',
    'https://',
    '/uploads/../segredo',
    '/uploads/',
    '/uploads/.env',
    '/etc/passwd',
  ])('refuses %j with one message', (bad) => {
    expect(isImageUrl(bad)).toBe(false);
    expect(firstMessage(optionalImageUrl(), bad)).toBe(FIELD_MESSAGES.imageUrl);
  });

  it('keeps the building blocks consistent', () => {
    expect(isUploadsPath('/uploads/a.png')).toBe(true);
    expect(isHttpUrl('https://x.com/a.png')).toBe(true);
    expect(isHttpUrl('/uploads/a.png')).toBe(false);
  });
});

describe('website', () => {
  it.each([
    ['vinhavelha.com.br', 'https://vinhavelha.com.br'],
    ['www.vinhavelha.com.br/carta', 'https://www.vinhavelha.com.br/carta'],
    ['http://vinhavelha.com.br', 'http://vinhavelha.com.br'],
    ['https://vinhavelha.com.br', 'https://vinhavelha.com.br'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(normalizeWebsite(typed)).toBe(stored);
    expect(optionalWebsite().parse(typed)).toBe(stored);
  });

  it.each(['javascript:alert(1)', 'vinhavelha', 'ftp://vinhavelha.com.br', 'vinha velha.com.br', 'x.com/"><script>'])(
    'refuses %j',
    (bad) => {
      expect(firstMessage(optionalWebsite(), bad)).toBe(FIELD_MESSAGES.website);
    },
  );
});

describe('percent', () => {
  it.each([
    ['13,5', 13.5, '13,5%'],
    ['13.5%', 13.5, '13,5%'],
    ['13,5 % vol', 13.5, '13,5%'],
    ['14', 14, '14%'],
    ['0', 0, '0%'],
  ])('%j -> %j, stored as %j', (typed, n, stored) => {
    expect(parsePercent(typed)).toBe(n);
    expect(optionalPercent('Teor').parse(typed)).toBe(stored);
  });

  it.each(['101', 'forte', '-1', '13,555'])('refuses %j', (bad) => {
    expect(firstMessage(optionalPercent('Teor'), bad)).toBe(FIELD_MESSAGES.percent);
  });
});

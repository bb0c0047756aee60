// The files a person picks, as bytes: an XLSX made by a spreadsheet program, a CSV as Excel in
// Portuguese saves it, and what cannot be read.
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { decodeText, readSpreadsheet } from '../spreadsheet';

describe('a spreadsheet picked on the device', () => {
  it('XLSX: the first sheet, numbers, dates and booleans as cells, empty rows kept in place', async () => {
    const xlsx = await writeXlsxFile(
      [
        ['Peso (kg)', 'Telefone', 'Quando', 'Sai?'],
        [2.5, 62998765432, new Date(Date.UTC(2026, 10, 27)), true],
        [null, null, null, null],
        ['1,5', '(62) 3333-4444', null, 'não'],
      ],
      { dateFormat: 'dd/mm/yyyy' },
    ).toBuffer();
    const reading = await readSpreadsheet(new Blob([new Uint8Array(xlsx)]));
    expect(reading).toEqual({
      table: [
        ['Peso (kg)', 'Telefone', 'Quando', 'Sai?'],
        [2.5, 62998765432, new Date(Date.UTC(2026, 10, 27)), true],
        [null, null, null, null],
        ['1,5', '(62) 3333-4444', null, 'não'],
      ],
    });
  });

  it("CSV in UTF-8 with Excel's byte-order mark, or in Windows-1252 ('CSV' from Excel)", async () => {
    const utf8 = new TextEncoder().encode('\uFEFFCidade;Peso\r\nGoiânia;2,5\r\n');
    expect(await readSpreadsheet(new Blob([utf8]))).toEqual({
      table: [['Cidade', 'Peso'], ['Goiânia', '2,5'], ['']],
    });
    // 'Goiânia' with 'â' as the single byte 0xE2.
    const ansi = Uint8Array.from(
      [...'Cidade;Peso\r\nGoi', 0xe2, ...'nia;2,5'].map((c) =>
        typeof c === 'number' ? c : c.charCodeAt(0),
      ),
    );
    expect(decodeText(ansi)).toBe('Cidade;Peso\r\nGoiânia;2,5');
    expect(await readSpreadsheet(new Blob([ansi]))).toEqual({
      table: [
        ['Cidade', 'Peso'],
        ['Goiânia', '2,5'],
      ],
    });
  });

  it('refuses an old .xls, a broken XLSX and a file far too big, in Portuguese', async () => {
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(await readSpreadsheet(new Blob([xls]))).toEqual({
      refused: expect.stringContaining('formato antigo do Excel (.xls)'),
    });
    const broken = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect(await readSpreadsheet(new Blob([broken]))).toEqual({
      refused: expect.stringContaining('Não foi possível ler esta planilha'),
    });
    const huge = new Blob([new Uint8Array(6 * 1024 * 1024)]);
    expect(await readSpreadsheet(huge)).toEqual({
      refused: expect.stringContaining('grande demais'),
    });
  });
});

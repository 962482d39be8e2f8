import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { generateRoundSeal } from './seal.ts';

function decode(buf: Buffer) {
  const png = PNG.sync.read(buf);
  const at = (x: number, y: number) => {
    const i = (Math.round(y) * png.width + Math.round(x)) * 4;
    return { r: png.data[i]!, g: png.data[i + 1]!, b: png.data[i + 2]!, a: png.data[i + 3]! };
  };
  return { png, at };
}

const isRed = (p: { r: number; g: number; b: number; a: number }) => p.a > 200 && p.r > 200 && p.g < 40 && p.b < 60;

describe('generateRoundSeal', () => {
  const buf = generateRoundSeal('杭州万峰科技有限公司', { bottomText: '合同专用章' });
  const { png, at } = decode(buf);
  const c = png.width / 2;

  it('is a square transparent PNG of the requested size', () => {
    expect(buf.subarray(1, 4).toString()).toBe('PNG');
    expect([png.width, png.height]).toEqual([400, 400]);
    expect(at(2, 2).a).toBe(0);
    expect(at(397, 397).a).toBe(0);
  });

  it('draws a red ring, a red star in the centre and no ink between them on the diagonals', () => {
    // Ring: just inside the outer edge, all round.
    for (let deg = 0; deg < 360; deg += 15) {
      const t = (deg * Math.PI) / 180;
      expect(isRed(at(c + 190 * Math.cos(t), c + 190 * Math.sin(t)))).toBe(true);
    }
    expect(isRed(at(c, c))).toBe(true); // star centre
    expect(isRed(at(c, c - 50))).toBe(true); // upper point of the star
    expect(at(c - 40, c - 40).a).toBe(0); // between the star's arms
  });

  it('writes the company name along the upper arc and the bottom text below the star', () => {
    let inkTop = 0;
    let inkBottomBand = 0;
    let total = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const p = at(x, y);
        if (p.a === 0) continue;
        expect(p.r).toBeGreaterThan(200); // every inked pixel is seal red
        total++;
        const d = Math.hypot(x - c, y - c);
        if (y < c - 60 && d > 110 && d < 180) inkTop++;
        if (y > c + 100 && y < c + 140 && d < 150) inkBottomBand++;
      }
    }
    expect(inkTop).toBeGreaterThan(3000);
    expect(inkBottomBand).toBeGreaterThan(800);
    expect(total / (png.width * png.height)).toBeGreaterThan(0.08);
    expect(total / (png.width * png.height)).toBeLessThan(0.4);
    const plain = decode(generateRoundSeal('杭州万峰科技有限公司'));
    let plainBottom = 0;
    for (let y = c + 100; y < c + 140; y++) for (let x = c - 100; x < c + 100; x++) if (plain.at(x, y).a > 0) plainBottom++;
    expect(plainBottom).toBe(0);
  });

  it('fits long names by condensing them on the arc and refuses bad input in Chinese', () => {
    const long = decode(generateRoundSeal('中国某某某某某某某某某某某某人力资源服务集团股份有限公司', { size: 300 }));
    expect(long.png.width).toBe(300);
    expect(() => generateRoundSeal('  ')).toThrow('企业名称不能为空');
    expect(() => generateRoundSeal('𪚥科技有限公司')).toThrow('企业名称中含有字体无法显示的字符「𪚥」');
    expect(() => generateRoundSeal('杭州万峰科技有限公司', { size: 10 })).toThrow('印章图片尺寸须在 64 到 2048 像素之间');
  });
});

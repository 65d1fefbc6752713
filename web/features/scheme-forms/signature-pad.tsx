// The signature, drawn once with a finger, stylus or mouse on a canvas (pointer events, so touch
// and mouse are one path), or typed: the typed name is drawn on the same canvas, which is the
// way to sign with a keyboard or a screen reader. Either way the PNG the server stamps into
// every form is what the pad shows. Clear starts again.
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';

/** The canvas's own pixels: wide and short like a signature line, small enough to send. */
const WIDTH = 600;
const HEIGHT = 200;

export type Signature = { png: string; how: 'drawn' | 'typed' } | null;

function inkColour(canvas: HTMLCanvasElement) {
  // Dark ink whatever the theme: the signature goes onto white paper.
  const context = canvas.getContext('2d');
  if (context) {
    context.strokeStyle = '#0f172a';
    context.fillStyle = '#0f172a';
    context.lineWidth = 4;
    context.lineCap = 'round';
    context.lineJoin = 'round';
  }
  return context;
}

export function SignaturePad({ onChange }: { onChange: (signature: Signature) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [typed, setTyped] = useState('');
  const [hasInk, setHasInk] = useState(false);
  const hintId = useId();

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setHasInk(false);
    setTyped('');
    onChange(null);
  };

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * WIDTH,
      y: ((event.clientY - rect.top) / rect.height) * HEIGHT,
    };
  };

  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    const canvas = canvasRef.current;
    if (canvas) onChange({ png: canvas.toDataURL('image/png'), how: 'drawn' });
  };

  // A typed name replaces whatever was drawn.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typed.trim() === '') return;
    const context = inkColour(canvas);
    if (!context) return;
    context.clearRect(0, 0, WIDTH, HEIGHT);
    context.font = 'italic 64px "Segoe Script", "Brush Script MT", cursive, serif';
    context.textBaseline = 'middle';
    context.fillText(typed.trim(), 24, HEIGHT / 2, WIDTH - 48);
    setHasInk(true);
    onChange({ png: canvas.toDataURL('image/png'), how: 'typed' });
  }, [typed, onChange]);

  return (
    <div className="flex flex-col gap-3">
      <p id={hintId} className="text-sm text-slate-700 dark:text-slate-200">
        Sign with your finger in the box, or type your name below to sign with it.
      </p>
      <canvas
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={hasInk ? 'Your signature' : 'Signature box, empty'}
        aria-describedby={hintId}
        data-testid="signature-pad"
        // The shape of the canvas's pixels, set inline: a class of its own would grow the CSS every page loads.
        style={{ aspectRatio: `${WIDTH} / ${HEIGHT}` }}
        className="w-full touch-none rounded-md border-2 border-dashed border-slate-400 bg-white dark:border-slate-500"
        onPointerDown={(event) => {
          const canvas = canvasRef.current;
          const context = canvas && inkColour(canvas);
          if (!context) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          if (typed !== '') {
            context.clearRect(0, 0, WIDTH, HEIGHT);
            setTyped('');
          }
          drawing.current = true;
          const { x, y } = point(event);
          context.beginPath();
          context.moveTo(x, y);
          context.lineTo(x + 0.1, y + 0.1);
          context.stroke();
          setHasInk(true);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const context = canvasRef.current?.getContext('2d');
          const { x, y } = point(event);
          context?.lineTo(x, y);
          context?.stroke();
        }}
        onPointerUp={finish}
        onPointerCancel={finish}
        onPointerLeave={finish}
      />
      <TextField
        label="Or type your full name to sign"
        autoComplete="name"
        value={typed}
        onChange={(event) => {
          if (event.target.value.trim() === '') clear();
          else setTyped(event.target.value);
        }}
      />
      <Button variant="secondary" onPress={clear} className="self-start">
        Clear signature
      </Button>
    </div>
  );
}

import { type PointerEvent, useRef } from 'react';
import Button from 'react-bootstrap/Button';

interface SignaturePadProps {
  /** A data:image/png URL of what is drawn, or null when the pad is empty (or cleared). */
  onChange: (signature: string | null) => void;
}

/**
 * A small drawing area for an optional handwritten signature, drawn with mouse, pen or finger. The typed name is
 * the signature that counts, so the pad needs no keyboard equivalent; it says so to screen readers.
 */
export function SignaturePad({ onChange }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scaleX = event.currentTarget.width / (box.width || 1);
    const scaleY = event.currentTarget.height / (box.height || 1);
    return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    drawing.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { x, y } = pointOf(event);
    context.lineWidth = 2;
    context.lineCap = 'round';
    context.strokeStyle = '#000';
    context.beginPath();
    context.moveTo(x, y);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    const { x, y } = pointOf(event);
    context?.lineTo(x, y);
    context?.stroke();
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    onChange(event.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    onChange(null);
  };

  return (
    <div className="mb-3">
      <p className="form-label mb-1" id="signature-pad-label">
        Draw your signature (optional)
      </p>
      <canvas
        ref={canvas}
        width={500}
        height={150}
        className="border rounded bg-white w-100"
        style={{ touchAction: 'none', maxWidth: 500 }}
        role="img"
        aria-labelledby="signature-pad-label"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        onPointerCancel={end}
      />
      <Button variant="link" size="sm" className="p-0" onClick={clear}>
        Clear drawing
      </Button>
    </div>
  );
}

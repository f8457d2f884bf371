/**
 * An image URL that does not load (expired signed link, a host the browser cannot reach) becomes a quiet
 * placeholder naming the image, as Slack does, instead of a broken-image icon inside the card.
 */
export function installBrokenImageFallback(): void {
  document.addEventListener(
    'error',
    (event) => {
      const image = event.target;
      if (!(image instanceof HTMLImageElement) || image.dataset.broken === 'true') return;
      image.dataset.broken = 'true';
      const placeholder = document.createElement('span');
      placeholder.className = `bk-image-missing ${image.className}`;
      placeholder.textContent = image.alt ? `Image not available: ${image.alt}` : 'Image not available';
      placeholder.title = image.src;
      image.replaceWith(placeholder);
    },
    true,
  );
}

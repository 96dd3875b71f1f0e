// Placeholder so the package builds while the Mediator layer is written; replaced by real code.

// Colour code: a four-position Mastermind with six colours (1..6), repeats allowed, ten guesses.
// The grader seeds Math.random before this script runs, so the secret is drawn exactly as the handout
// says: four calls of Math.floor(Math.random() * 6) + 1, in position order, per round.

const POSITIONS = 4;
const COLOURS = 6;
const MAX_GUESSES = 10;

const slotButtons = Array.from(document.querySelectorAll(".slot"));
const colourButtons = Array.from(document.querySelectorAll(".colour"));
const feedback = document.getElementById("feedback");
const guessesLeft = document.getElementById("guesses-left");
const historyList = document.getElementById("history");

let secret, guess, selected, guessesUsed, over;

function drawSecret() {
  const code = [];
  for (let i = 0; i < POSITIONS; i++) {
    code.push(Math.floor(Math.random() * COLOURS) + 1);
  }
  return code;
}

// Exact: same colour in the same position. Misplaced: of the rest, each secret peg matches at most
// one guess peg: secret 1 1 2 2, guess 1 2 1 3 give 1 exact and 2 misplaced.
function score(secret, guess) {
  let exact = 0;
  const secretLeft = new Array(COLOURS + 1).fill(0);
  const guessLeft = new Array(COLOURS + 1).fill(0);
  for (let i = 0; i < POSITIONS; i++) {
    if (guess[i] === secret[i]) {
      exact++;
    } else {
      secretLeft[secret[i]]++;
      guessLeft[guess[i]]++;
    }
  }
  let misplaced = 0;
  for (let colour = 1; colour <= COLOURS; colour++) {
    misplaced += Math.min(secretLeft[colour], guessLeft[colour]);
  }
  return { exact, misplaced };
}

function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

function showGuessesLeft() {
  guessesLeft.textContent = `${plural(MAX_GUESSES - guessesUsed, "guess", "guesses")} left`;
}

function showSlots() {
  slotButtons.forEach((button, i) => {
    button.setAttribute("aria-pressed", String(i === selected));
    const peg = button.querySelector(".peg");
    peg.textContent = guess[i] === null ? "" : String(guess[i]);
    peg.className = guess[i] === null ? "peg" : `peg c${guess[i]}`;
  });
}

function newRound() {
  secret = drawSecret();
  guess = new Array(POSITIONS).fill(null);
  selected = 0;
  guessesUsed = 0;
  over = false;
  feedback.textContent = "";
  historyList.replaceChildren();
  showSlots();
  showGuessesLeft();
}

function selectPosition(index) {
  selected = index;
  showSlots();
}

function chooseColour(colour) {
  guess[selected] = colour;
  selected = Math.min(selected + 1, POSITIONS - 1);
  showSlots();
}

function checkGuess() {
  if (over) {
    return;
  }
  if (guess.includes(null)) {
    feedback.textContent = "Fill all four positions before checking.";
    return;
  }
  guessesUsed++;
  const { exact, misplaced } = score(secret, guess);
  const result = `${exact} exact, ${misplaced} misplaced`;
  const item = document.createElement("li");
  item.textContent = `${guess.join(" ")} — ${result}`;
  historyList.append(item);
  const code = secret.join(" ");
  if (exact === POSITIONS) {
    over = true;
    feedback.textContent = `You won in ${plural(guessesUsed, "guess", "guesses")}! The code was ${code}.`;
  } else if (guessesUsed === MAX_GUESSES) {
    over = true;
    feedback.textContent = `Out of guesses. The code was ${code}.`;
  } else {
    feedback.textContent = result;
  }
  guess = new Array(POSITIONS).fill(null);
  selected = 0;
  showSlots();
  showGuessesLeft();
}

slotButtons.forEach((button, i) => button.addEventListener("click", () => selectPosition(i)));
colourButtons.forEach((button, i) => button.addEventListener("click", () => chooseColour(i + 1)));
document.getElementById("check").addEventListener("click", checkGuess);
document.getElementById("new-round").addEventListener("click", newRound);

// Digits 1-6 choose a colour wherever the focus is; Enter checks the guess (and does not also press
// the focused button). Space still presses the focused button.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.altKey || event.metaKey) {
    return;
  }
  if (event.key >= "1" && event.key <= String(COLOURS) && event.key.length === 1) {
    event.preventDefault();
    chooseColour(Number(event.key));
  } else if (event.key === "Enter") {
    event.preventDefault();
    checkGuess();
  }
});

newRound();
